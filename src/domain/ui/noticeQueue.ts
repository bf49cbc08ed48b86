/**
 * The rules of the console's notices (issue: notices that inform and go away): at most three on screen, an
 * identical notice merged into the one showing (its count goes up and its time starts again), and each kind's
 * duration from part 1 §9. Pure: the store in src/app/state runs the timers.
 */
import { TOAST_DURATION_MS, type ToastKind } from './uiConstants.ts';

export const MAX_VISIBLE_NOTICES = 3;

export type Notice = { id: number; kind: ToastKind; title: string; detail?: string; durationMs: number; count: number };

export type NoticeInput = { kind: ToastKind; title: string; detail?: string | undefined; durationMs?: number | undefined };

const sameNotice = (a: Pick<Notice, 'kind' | 'title' | 'detail'>, b: NoticeInput) =>
  a.kind === b.kind && a.title === b.title && (a.detail ?? '') === (b.detail ?? '');

export type NoticeChange = {
  notices: Notice[];
  /** The notice that now carries the message (new, or the merged one whose timer starts again). */
  shown: Notice;
  /** Notices pushed off screen to keep at most three. */
  dropped: Notice[];
};

/**
 * Adds a notice. An identical one merges; otherwise the new one goes last and, above three, the oldest leaves —
 * the oldest that is not an error when there is one, since an error is what the user must not miss.
 */
export function addNotice(current: readonly Notice[], input: NoticeInput, nextId: number): NoticeChange {
  const durationMs = input.durationMs ?? TOAST_DURATION_MS[input.kind];
  const existing = current.find((notice) => sameNotice(notice, input));
  if (existing !== undefined) {
    const shown = { ...existing, count: existing.count + 1, durationMs: Math.max(existing.durationMs, durationMs) };
    return { notices: current.map((notice) => (notice.id === existing.id ? shown : notice)), shown, dropped: [] };
  }
  const shown: Notice = { id: nextId, kind: input.kind, title: input.title, durationMs, count: 1 };
  if (input.detail !== undefined && input.detail !== '') shown.detail = input.detail;
  const notices = [...current, shown];
  const dropped: Notice[] = [];
  while (notices.length > MAX_VISIBLE_NOTICES) {
    const index = notices.findIndex((notice) => notice.kind !== 'error' && notice !== shown);
    const [removed] = notices.splice(index < 0 ? 0 : index, 1);
    if (removed !== undefined) dropped.push(removed);
  }
  return { notices, shown, dropped };
}

export const removeNotice = (current: readonly Notice[], id: number): Notice[] => current.filter((notice) => notice.id !== id);
