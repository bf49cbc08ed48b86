import { z } from 'zod';
import { idRefSchema } from '../validation/ids.ts';

/**
 * The workspace's own settings (part 1 §3 Workspace: externalDashboardUrl; §2 Shell: the whatsapp page and the
 * chat-link entry). The external dashboard is framed by Settings → External and /collections, the chat link is
 * what /WA opens. Both may be empty: the screens then say so.
 */
export const WORKSPACE_MESSAGES = {
  dashboardInvalid: 'Enter an https address (http only for localhost), or leave it empty',
  dashboardCredentials: 'The address must not contain a user name or password',
  chatInvalid: 'Enter a phone number with its country code (digits, spaces and a leading +) or an https link',
  tooLong: 'The address is too long (at most 2000 characters)',
  nothingToChange: 'Nothing to change: send at least one of name, externalDashboardUrl, chatLink or designerUrl',
  forbidden: 'You do not have permission to perform this action',
  notFound: 'Workspace not found',
} as const;

export const URL_MAX = 2000;
/** E.164: a country code and subscriber number of at most 15 digits; below 7 no real number exists. */
export const PHONE_DIGITS_MIN = 7;
export const PHONE_DIGITS_MAX = 15;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

type Checked = { ok: true; value: string } | { ok: false; message: string };

/**
 * An https URL, or http for this machine only (a dashboard run beside a development server); nothing else can be
 * framed safely from a console served over https. The URL is kept as typed (trimmed), not reduced to its origin:
 * a dashboard usually lives on a path.
 */
export function checkDashboardUrl(value: string): Checked {
  const text = value.trim();
  if (text.length > URL_MAX) return { ok: false, message: WORKSPACE_MESSAGES.tooLong };
  if (!/^https?:\/\/[^\s/?#]/i.test(text) || /\s/.test(text)) return { ok: false, message: WORKSPACE_MESSAGES.dashboardInvalid };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: WORKSPACE_MESSAGES.dashboardInvalid };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, message: WORKSPACE_MESSAGES.dashboardCredentials };
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) return { ok: true, value: text };
  return { ok: false, message: WORKSPACE_MESSAGES.dashboardInvalid };
}

const PHONE_PATTERN = /^\+?[0-9 ]+$/;

/**
 * A WhatsApp number ('+34 600 000 000': digits and spaces, one leading +, spaces collapsed) or an https link
 * (a wa.me link, a group invite, another chat service). Kept as typed so the page shows the number the way the
 * administrator wrote it; `chatLinkTarget` derives the link.
 */
export function checkChatLink(value: string): Checked {
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length > URL_MAX) return { ok: false, message: WORKSPACE_MESSAGES.tooLong };
  if (PHONE_PATTERN.test(text)) {
    const digits = text.replace(/\D/g, '').length;
    return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX ? { ok: true, value: text } : { ok: false, message: WORKSPACE_MESSAGES.chatInvalid };
  }
  if (!/^https:\/\/[^\s/?#]/i.test(text) || /\s/.test(text)) return { ok: false, message: WORKSPACE_MESSAGES.chatInvalid };
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return { ok: false, message: WORKSPACE_MESSAGES.chatInvalid };
  } catch {
    return { ok: false, message: WORKSPACE_MESSAGES.chatInvalid };
  }
  return { ok: true, value: text };
}

export type ChatTarget = { href: string; label: string; phone: boolean };

/** What /WA opens and shows: a number becomes https://wa.me/<digits>; a wa.me link shows its number. */
export function chatLinkTarget(stored: string | null | undefined): ChatTarget | null {
  if (!stored) return null;
  const checked = checkChatLink(stored);
  if (!checked.ok) return null;
  if (PHONE_PATTERN.test(checked.value)) {
    return { href: `https://wa.me/${checked.value.replace(/\D/g, '')}`, label: checked.value.startsWith('+') ? checked.value : `+${checked.value}`, phone: true };
  }
  const waMe = /^https:\/\/wa\.me\/(\d{7,15})\/?$/i.exec(checked.value);
  return { href: checked.value, label: waMe ? `+${waMe[1]}` : checked.value, phone: waMe !== null };
}

/** Empty or missing is "none" (null); anything else must pass `check`, and becomes the kept value. */
const optionalSetting = (check: (value: string) => Checked) =>
  z
    .string({ error: 'must be text or null' })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      const checked = check(value);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.value;
    });

export const dashboardUrlSchema = optionalSetting(checkDashboardUrl);
/**
 * The Graphic Designer site the front-desk template editor frames (issue 18): the same rule as the external
 * dashboard, an https address or http on this machine, since the console frames it and trusts its messages.
 */
export const checkDesignerUrl = checkDashboardUrl;
export const designerUrlSchema = optionalSetting(checkDesignerUrl);
export const chatLinkSchema = optionalSetting(checkChatLink);
export const workspaceNameSchema = z
  .string({ error: 'The workspace name must be text' })
  .trim()
  .min(2, 'The workspace name needs at least 2 characters')
  .max(150, 'The workspace name must be 150 characters at most')
  .optional();

/** PATCH /workspaces/{id}'s body: each field optional (absent = unchanged; null or '' = cleared), at least one. */
const settingFields = { name: workspaceNameSchema, externalDashboardUrl: dashboardUrlSchema, chatLink: chatLinkSchema, designerUrl: designerUrlSchema };
const changesSomething = (v: { name?: unknown; externalDashboardUrl?: unknown; chatLink?: unknown; designerUrl?: unknown }) =>
  v.name !== undefined || v.externalDashboardUrl !== undefined || v.chatLink !== undefined || v.designerUrl !== undefined;

export const workspaceFieldsSchema = z.object(settingFields).strict().refine(changesSomething, { message: WORKSPACE_MESSAGES.nothingToChange });

export const updateWorkspaceArgs = z
  .object({ id: idRefSchema, ...settingFields })
  .strict()
  .refine(changesSomething, { message: WORKSPACE_MESSAGES.nothingToChange });
export type UpdateWorkspaceArgs = z.infer<typeof updateWorkspaceArgs>;

/** The settings form's check, field by field. */
export function workspaceFormErrors(values: { externalDashboardUrl: string; chatLink: string }): { externalDashboardUrl?: string; chatLink?: string } {
  const errors: { externalDashboardUrl?: string; chatLink?: string } = {};
  if (values.externalDashboardUrl.trim() !== '') {
    const checked = checkDashboardUrl(values.externalDashboardUrl);
    if (!checked.ok) errors.externalDashboardUrl = checked.message;
  }
  if (values.chatLink.trim() !== '') {
    const checked = checkChatLink(values.chatLink);
    if (!checked.ok) errors.chatLink = checked.message;
  }
  return errors;
}

/**
 * The frame's sandbox. A dashboard on another origin keeps its own origin (allow-same-origin) so its sign-in
 * cookie and storage work; the sandbox still denies it top navigation, popups and downloads. A page on the
 * console's own origin must not get allow-same-origin: with allow-scripts it could reach into the console (its
 * replica, its authenticated calls) and even remove its own sandbox, so it runs as an opaque origin instead.
 */
export function externalFrameSandbox(url: string, consoleOrigin: string): string {
  let sameOrigin: boolean;
  try {
    sameOrigin = new URL(url).origin === consoleOrigin;
  } catch {
    // Unreadable: treated as the strictest case.
    sameOrigin = true;
  }
  return sameOrigin ? 'allow-scripts allow-forms' : 'allow-scripts allow-same-origin allow-forms';
}
