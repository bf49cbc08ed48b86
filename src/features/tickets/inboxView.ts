import type { Rejection } from '../../data/replicaApi.ts';
import type { InboxData } from './useInboxData.ts';

/** What every part of the inbox needs besides its own tickets: the replica data, the clock and the sync marks. */
export type InboxView = {
  data: InboxData;
  now: number;
  isAdmin: boolean;
  ctrlHeld: boolean;
  pendingIds: ReadonlySet<string>;
  rejections: ReadonlyMap<string, Rejection>;
  /** Opens a ticket here, or in a new tab (a Ctrl/Cmd- or middle-click on its row). */
  openTicket: (ticketId: string, newTab?: boolean) => void;
};
