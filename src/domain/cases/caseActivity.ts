/**
 * The activity page of a case type (part 2 §2 "Activity and history of a case type", §4, §9): which cases each
 * view lists, how its search reads, where its place lives in the URL, and what deleting a case from it means.
 * Pure: the screen turns these into replica queries.
 */
import type { UpdateCaseArgs } from '../mutations/caseRecordMutations.ts';

/** Part 2 §9: the activity table shows 17 rows a page, 13 on a phone. */
export const ACTIVITY_PAGE_SIZE = 17;
export const ACTIVITY_PAGE_SIZE_MOBILE = 13;

export const activityPageSize = (phone: boolean) => (phone ? ACTIVITY_PAGE_SIZE_MOBILE : ACTIVITY_PAGE_SIZE);

/**
 * 'active' lists the cases still being worked (CREATED and PROGRESS); 'history' lists every case of the type,
 * closed ones included, which is what the report page's Historial button opens.
 */
export type ActivityView = 'active' | 'history';
export const ACTIVE_STATUSES = ['CREATED', 'PROGRESS'] as const;

/** Part 2 §4: the state description a case deleted from the activity view takes. */
export const DENIED_STATE_DESCRIPTION = 'Denegado';

/** The page's place in its URL besides the search text (which is in the hash): the view and the page (1-based). */
export type ActivitySearch = { view?: 'history'; page?: number };

const MAX_PAGE = 100_000;

/** Plain checks, no zod: the router that calls this is in the sign-in page's bundle. */
export function validateActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  const page = Number(raw.page);
  return {
    ...(raw.view === 'history' ? { view: 'history' as const } : {}),
    ...(Number.isInteger(page) && page > 1 && page < MAX_PAGE ? { page } : {}),
  };
}

export const viewOf = (search: ActivitySearch): ActivityView => (search.view === 'history' ? 'history' : 'active');

/** The longest search the page takes; anything longer is cut (a case id or customer id is far shorter). */
export const SEARCH_MAX_LENGTH = 120;

/**
 * The search text held in the URL's hash (part 2 §2: "optional search text in the hash"). Part 1 §2 has the
 * dashboard open the page with the type's own id in the hash: that (any of `typeIds`) is not a search. A hash that
 * is not valid percent-encoding is read as typed rather than failing the page.
 */
export function searchFromHash(hash: string, typeIds: readonly string[] = []): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Keep the raw text: a hand-typed '%' must not break the page.
  }
  const search = text.trim().slice(0, SEARCH_MAX_LENGTH);
  return typeIds.includes(search) ? '' : search;
}

/** The hash for a search text: none when the search is empty. */
export const hashOfSearch = (text: string): string => encodeURIComponent(text.trim().slice(0, SEARCH_MAX_LENGTH));

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The replica selector of a view: the type's cases (the `caseTypeId, newestFirst` index), active ones only in the
 * active view, and with a search, those whose case id or customer id contains it, case-insensitively (part 2 §5).
 */
export function activitySelector(caseTypeId: string, view: ActivityView, search: string): Record<string, unknown> {
  const selector: Record<string, unknown> = { caseTypeId };
  if (view === 'active') selector.status = { $in: [...ACTIVE_STATUSES] };
  const text = search.trim();
  if (text !== '') {
    const pattern = { $regex: escapeRegex(text), $options: 'i' };
    selector.$or = [{ id: pattern }, { customerId: pattern }];
  }
  return selector;
}

/** The page (0-based) a URL asks for, clamped into the rows there are. */
export function activityPage(search: ActivitySearch, rows: number, pageSize: number): number {
  const pages = Math.max(1, Math.ceil(rows / pageSize));
  return Math.min(Math.max(0, (search.page ?? 1) - 1), pages - 1);
}

type StateLike = { id: string; description: string; order: number; caseTypeId: string; deleted?: boolean };

/**
 * The state a deleted case takes: the type's state described 'Denegado' (any case, spaces trimmed), preferring the
 * one outside the progress order (-1) when a type has several. Null when the type has none: the page then refuses
 * the delete and says why, rather than completing the case in a state nobody chose.
 */
export function deniedStateOf<S extends StateLike>(states: readonly S[], caseTypeId: string): S | null {
  const matching = states.filter((s) => s.caseTypeId === caseTypeId && s.deleted !== true && s.description.trim().toLowerCase() === DENIED_STATE_DESCRIPTION.toLowerCase());
  return matching.find((s) => s.order === -1) ?? matching[0] ?? null;
}

/** Part 2 §2 and §4: only a case in PROGRESS can be deleted from the activity view. */
export const canDeleteFromActivity = (status: string) => status === 'PROGRESS';

/** The change a delete from activity sends: `case.update` to COMPLETED in the 'Denegado' state. */
export const deleteFromActivityArgs = (caseId: string, deniedStateId: string): UpdateCaseArgs => ({ caseId, status: 'COMPLETED', stateId: deniedStateId });
