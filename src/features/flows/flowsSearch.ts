/**
 * The flows screens' places in their URLs: the list's search and page (`?q=&page=`), and the modeler's flags of
 * part 1 §2 (`?canEditFlow=&isNewFlow=&id=`; the App card's App Flow link sends the same). Plain checks, no
 * zod: the router is in the sign-in page's bundle.
 */
export type FlowsSearch = { q?: string; page?: number };
export type FlowSearch = { id?: string; canEditFlow?: boolean; isNewFlow?: boolean };

function textOf(value: unknown, max: number): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && text.length >= 1 && text.length <= max ? text : undefined;
}

const flagOf = (value: unknown): boolean | undefined => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined);

export function validateFlowsSearch(raw: Record<string, unknown>): FlowsSearch {
  const q = textOf(raw.q, 150);
  const page = Number(raw.page);
  return { ...(q === undefined ? {} : { q }), ...(Number.isInteger(page) && page > 1 && page < 100_000 ? { page } : {}) };
}

export function validateFlowSearch(raw: Record<string, unknown>): FlowSearch {
  const id = textOf(raw.id, 200);
  const canEditFlow = flagOf(raw.canEditFlow);
  const isNewFlow = flagOf(raw.isNewFlow);
  return { ...(id === undefined ? {} : { id }), ...(canEditFlow === undefined ? {} : { canEditFlow }), ...(isNewFlow === undefined ? {} : { isNewFlow }) };
}

/** How the list opens a flow: editable, not new (part 1 §2; the App card's App Flow link says the same). */
export const openFlowSearch = (id: string) => ({ canEditFlow: true, isNewFlow: false, id });
