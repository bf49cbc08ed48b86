import { z } from 'zod';
import { isConfigObject, type ConfigObject } from './templateRules.ts';

/**
 * The pages of a human-interface template (part 2 §2 Human-interface template editor, §3 Page, §4 builder frame
 * handshake). They live in the template's configuration under `pages`, in their order: ids are 1..n in that order,
 * the first page is the Start and the last the End. Every change here returns pages in that shape again.
 */
export type TemplatePage = { id: number; name: string; isStart: boolean; isEnd: boolean };

/** The key of the pages in a human-interface template's configuration. */
export const PAGES_KEY = 'pages';
export const PAGE_NAME_MAX = 80;

export const pageNameSchema = z.string().trim().min(1, 'The page name is required').max(PAGE_NAME_MAX, `The page name is too long (at most ${PAGE_NAME_MAX} characters)`);

/** Part 2 §4: the frame's movement value that sends the preview back to the first page. */
export const MOVEMENT_RESET = -1;

/** Ids 1..n in the given order; the first is Start, the last End (one page is both). */
export function renumberPages(pages: readonly Pick<TemplatePage, 'name'>[]): TemplatePage[] {
  return pages.map((page, index) => ({ id: index + 1, name: page.name, isStart: index === 0, isEnd: index === pages.length - 1 }));
}

/**
 * The pages a configuration holds, in order and renumbered; entries without a name are skipped, so a hand-edited
 * configuration cannot break the builder.
 */
export function pagesOf(config: unknown): TemplatePage[] {
  if (!isConfigObject(config)) return [];
  const raw = config[PAGES_KEY];
  if (!Array.isArray(raw)) return [];
  const named = raw.flatMap((entry: unknown) => (isConfigObject(entry) && typeof entry.name === 'string' && entry.name.trim() !== '' ? [{ name: entry.name }] : []));
  return renumberPages(named);
}

/** The configuration with these pages, every other key kept. */
export function withPages(config: unknown, pages: readonly TemplatePage[]): ConfigObject {
  return { ...(isConfigObject(config) ? config : {}), [PAGES_KEY]: renumberPages(pages) };
}

/** The page at `from` moved to `to` (indexes in the list); a move to the same place or outside keeps the order. */
export function movePage(pages: readonly TemplatePage[], from: number, to: number): TemplatePage[] {
  if (from === to || from < 0 || to < 0 || from >= pages.length || to >= pages.length) return renumberPages(pages);
  const next = [...pages];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumberPages(next);
}

/** A drop: the dragged page onto the page over which it was dropped; no target (a drop outside) restores the order. */
export function dropPage(pages: readonly TemplatePage[], activeId: number, overId: number | null): TemplatePage[] {
  if (overId === null) return renumberPages(pages);
  return movePage(
    pages,
    pages.findIndex((p) => p.id === activeId),
    pages.findIndex((p) => p.id === overId),
  );
}

/** The page whose id was `from` after a reorder, by position: its new id, or null when it is gone. */
export function idAfterMove(before: readonly TemplatePage[], after: readonly TemplatePage[], from: number | null): number | null {
  if (from === null) return null;
  const index = before.findIndex((p) => p.id === from);
  if (index < 0) return null;
  const name = before[index]!.name;
  // Names may repeat: the n-th page of that name before is the n-th page of that name after.
  const nth = before.slice(0, index).filter((p) => p.name === name).length;
  const same = after.filter((p) => p.name === name)[nth];
  return same ? same.id : null;
}

export function addPage(pages: readonly TemplatePage[], name: string): TemplatePage[] {
  return renumberPages([...pages, { name: name.trim() }]);
}

export function renamePage(pages: readonly TemplatePage[], id: number, name: string): TemplatePage[] {
  return renumberPages(pages.map((p) => (p.id === id ? { ...p, name: name.trim() } : p)));
}

export function removePage(pages: readonly TemplatePage[], id: number): TemplatePage[] {
  return renumberPages(pages.filter((p) => p.id !== id));
}

/**
 * Part 2 §4: a movement message from the preview frame sets the active page; -1 goes back to the first page. A
 * value that names no page keeps the current one.
 */
export function activeAfterMovement(pages: readonly TemplatePage[], current: number | null, value: unknown): number | null {
  if (pages.length === 0) return null;
  if (value === MOVEMENT_RESET) return pages[0]!.id;
  if (typeof value === 'number' && pages.some((p) => p.id === value)) return value;
  return current;
}

/** A message from the preview frame that is a movement, e.g. { action: 'movement', value: 2 }. */
export function movementValue(data: unknown): number | null {
  if (!isConfigObject(data) || data.action !== 'movement') return null;
  return typeof data.value === 'number' && Number.isInteger(data.value) ? data.value : null;
}

/** Whether two page lists are the same pages in the same order (the builder's unsaved-change check). */
export function samePages(a: readonly TemplatePage[], b: readonly TemplatePage[]): boolean {
  return a.length === b.length && a.every((p, i) => p.name === b[i]!.name);
}

/**
 * Issue 19 item 2: a save makes a new template version when it changes the template text or its pages; any other
 * change (name, description, other configuration) keeps the version.
 */
export function versionAfterSave(current: { version: number; template: string; config: unknown }, next: { template: string; config: unknown }): number {
  const changed = next.template !== current.template || !samePages(pagesOf(current.config), pagesOf(next.config));
  return changed ? current.version + 1 : current.version;
}
