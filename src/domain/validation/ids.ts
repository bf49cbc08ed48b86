import { z } from 'zod';

/**
 * Ids a client chooses for what it creates — mutation ids, its own client id, tickets, notes, cases, files, apps,
 * events, flows — follow one pattern: 8 to 100 letters, digits, '-' or '_', starting with a letter or a digit.
 * A UUID matches, and so does a prefixed one ('tkt-…', 'case-…'). Nothing that could be a path ('../'), a header
 * ('\r\n') or a property name ('__proto__') can be an id.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{7,99}$/;
export const CLIENT_ID_RULE = 'must be 8 to 100 letters, digits, "-" or "_", starting with a letter or digit';
export const clientIdSchema = z.string().regex(CLIENT_ID_PATTERN, `id ${CLIENT_ID_RULE}`);

/**
 * Ids that refer to an existing row (made by a client as above, or by the server: 'case-demo-0186', 'whx-…'):
 * the same alphabet plus '.' and ':', 1 to 200 characters.
 */
export const ID_REF_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;
export const idRefSchema = z.string().trim().regex(ID_REF_PATTERN, 'must be an id: letters, digits, "-", "_", "." or ":" (at most 200)');
