/**
 * The ticket screens' dialogs, each its own chunk: they open on a user's action, so the inbox's first load does
 * without their code (and their form logic). Mount them inside MountWhenOpened. The service worker fetches these
 * chunks with the screens' when the browser is idle, so they open offline too.
 */
import { lazyDialog } from '../../ui/MountWhenOpened.tsx';

export const LazyNoteDialog = lazyDialog(() => import('./NoteDialog.tsx').then((m) => m.NoteDialog));
export const LazyTicketFormDialog = lazyDialog(() => import('./TicketFormDialog.tsx').then((m) => m.TicketFormDialog));
export const LazyShortcutsDialog = lazyDialog(() => import('./ShortcutsDialog.tsx').then((m) => m.ShortcutsDialog));
export const LazyCancelTicketDialog = lazyDialog(() => import('./CancelTicketDialog.tsx').then((m) => m.CancelTicketDialog));
