import type { SyncStatus } from '../../src/data/replicaApi.ts';

/** What only the tab that talks to the server learns: whether it answers, and why not. */
export type ConnectionStatus = Pick<SyncStatus, 'online' | 'syncing' | 'problem' | 'lastError'>;

type Message = { kind: 'ask' } | { kind: 'connection'; connection: ConnectionStatus };

const connectionOf = ({ online, syncing, problem, lastError }: SyncStatus): ConnectionStatus => ({ online, syncing, problem, lastError });

/**
 * Of a user's tabs only the leader's worker talks to the server, so only its status learns that the server answers:
 * another tab's said "Offline" for as long as it was open. The leader tells the others on a BroadcastChannel each
 * time its connection changes, and answers a tab that opens (or comes back online) and asks; the others take its word.
 */
export function relayConnection(
  channelName: string,
  tab: { isLeader: () => boolean; status: () => SyncStatus; follow: (connection: ConnectionStatus) => void },
) {
  const channel = new BroadcastChannel(channelName);
  let told = '';
  const tell = (connection: ConnectionStatus) => {
    told = JSON.stringify(connection);
    channel.postMessage({ kind: 'connection', connection } satisfies Message);
  };
  const ask = () => channel.postMessage({ kind: 'ask' } satisfies Message);
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data.kind === 'ask') {
      if (tab.isLeader()) tell(connectionOf(tab.status()));
    } else if (!tab.isLeader()) {
      tab.follow(event.data.connection);
    }
  };
  ask();
  return {
    /** Every status of this tab's engine: the leader tells the others when its connection changed. */
    published(status: SyncStatus) {
      if (!tab.isLeader()) return;
      const connection = connectionOf(status);
      if (JSON.stringify(connection) !== told) tell(connection);
    },
    /** A tab that is not the leader asks again (the network is back: its own status cannot learn it). */
    ask,
    close: () => channel.close(),
  };
}
