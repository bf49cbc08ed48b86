/**
 * The UI's whole view of the replica (contract). Screens import from here only:
 * - useQuery(collection, query) / useDoc(collection, id) / useCount(collection, selector): reactive reads of the
 *   local replica (RxDB in IndexedDB); they never touch the network.
 * - mutate(name, args): the only write path; applied optimistically at once, queued in the outbox, replayed.
 * - useSyncStatus(): online/offline, syncing, pending count, last sync time, last error; useSyncStatusOf(field) and
 *   useSyncStatusWith(read) for a part of it, so a large component does not render again on every status message.
 * - usePendingMutations(): the queued changes (for the sync indicator's list).
 * - useRejections(): server refusals of queued changes, newest first, to show as messages.
 * - startReplica(session) / stopReplica(): called by the session layer at sign-in and sign-out.
 */
import type { SyncedCollection } from '../domain/sync/collections.ts';
import type { LoadProgress } from '../domain/sync/loadProgress.ts';
import type {
  CaseRecordsDoc,
  CasesDoc,
  ConfigDoc,
  RunsDoc,
  TicketsDoc,
} from '../domain/sync/documents.gen.ts';

export type DocOf<C extends SyncedCollection> = {
  config: ConfigDoc;
  tickets: TicketsDoc;
  cases: CasesDoc;
  caseRecords: CaseRecordsDoc;
  runs: RunsDoc;
}[C];

/** A Mango selector/sort as RxDB takes it. */
export type ReplicaQuery = {
  selector?: Record<string, unknown>;
  sort?: Record<string, 'asc' | 'desc'>[];
  limit?: number;
  skip?: number;
  /** The index to walk (RxDB's planner may otherwise pick one whose order the sort cannot use). */
  index?: string[];
};

export type MutationResult = { ok: true } | { ok: false; code: string; message: string };

/**
 * Why syncing is held up, in terms the sync panel words for the user: no connection (changes are kept on this
 * device), the server answering errors, the device's storage full, or the session ended.
 */
export type SyncProblem = 'offline' | 'server' | 'storage-full' | 'session-ended';

export type SyncStatus = {
  online: boolean;
  syncing: boolean;
  pending: number;
  lastSyncAt: number | null;
  /** The technical detail of the last failure (shown only under "Details"). */
  lastError: string | null;
  problem: SyncProblem | null;
  /** The session ended on the server (401): the UI signs out. */
  sessionEnded: boolean;
  /** The server's reason when it gave one ('user-inactive', 'user-expired'): the sign-in page says it. */
  sessionEndReason: string | null;
  /** Collections pulled to their end at least once on this device (null: not known yet). */
  loaded: SyncedCollection[] | null;
  /** The first load in progress on this device, if any (the inbox is usable before the rest has arrived). */
  loading: LoadProgress | null;
};

/** A case file read back (part 2 §7): its bytes as a data URL, as the console shows and the bridge answers them. */
export type CaseFileContent = { caseId: string; fileId: string; name: string; type: string; size: number; dataUrl: string; thumbnail: string | null };
/** `status` is the server's answer (0 when it could not be reached); `message` is the spec's text for it. */
export type FileReadResult = { ok: true; file: CaseFileContent } | { ok: false; status: number; message: string };
/** For a file list: a JPEG thumbnail, the generic icon (files above 50 MB), none (not an image), or a failure. */
export type FileThumbnailResult =
  | { ok: true; kind: 'image'; thumbnail: string }
  | { ok: true; kind: 'generic' | 'none' }
  | { ok: false; message: string };

export type PendingMutation = { id: string; name: string; args: unknown; at: number; attempts: number; lastError: string | null };
export type Rejection = { mutationId: string; name: string; args: unknown; code: string; message: string; at: number };

export type ReplicaSession = { userId: string; apiBase?: string };
