/**
 * Group commit per key (a workspace): while one group's transaction is in flight, newcomers of the same key wait in
 * a queue; when it ends, the next transaction takes everything queued (at most `maxGroup`). A lone item starts at
 * once, so nothing waits on a timer; under load the groups grow by themselves with the time a transaction takes.
 * Groups of one key never overlap in this process, so their revisions are handed out in queue order; other
 * processes still serialise on the database's revision lock.
 */
export type Settled<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

/** Runs one group; answers one outcome per item, in order. A throw fails every item of the group with that error. */
export type CommitGroup<Item, Result> = (key: string, items: readonly Item[]) => Promise<readonly Settled<Result>[]>;

export type GroupCommitter<Item, Result> = { submit(key: string, item: Item): Promise<Result> };

type Waiting<Item, Result> = { item: Item; resolve: (value: Result) => void; reject: (error: unknown) => void };

export function createGroupCommitter<Item, Result>(options: { maxGroup: number; commit: CommitGroup<Item, Result> }): GroupCommitter<Item, Result> {
  // A key is present while a group of it is in flight; its array holds the items waiting for the next group.
  const queues = new Map<string, Waiting<Item, Result>[]>();

  const run = async (key: string, group: Waiting<Item, Result>[]): Promise<void> => {
    try {
      const outcomes = await options.commit(
        key,
        group.map((w) => w.item),
      );
      group.forEach((w, i) => {
        const outcome = outcomes[i];
        if (!outcome) w.reject(new Error('The group commit answered fewer outcomes than items'));
        else if (outcome.ok) w.resolve(outcome.value);
        else w.reject(outcome.error);
      });
    } catch (error) {
      for (const w of group) w.reject(error);
    }
    const queue = queues.get(key) ?? [];
    if (queue.length === 0) {
      queues.delete(key);
      return;
    }
    void run(key, queue.splice(0, Math.max(1, options.maxGroup)));
  };

  return {
    submit(key, item) {
      return new Promise<Result>((resolve, reject) => {
        const waiting = { item, resolve, reject };
        const queue = queues.get(key);
        if (queue) {
          queue.push(waiting);
          return;
        }
        queues.set(key, []);
        void run(key, [waiting]);
      });
    },
  };
}
