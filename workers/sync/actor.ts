import { mutationActor } from '../../src/domain/mutations/actor.ts';
import type { MutationActor } from '../../src/domain/mutations/types.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';

/**
 * The user as mutations see them: id, role and name from their user document, member from the members. Null until
 * the user's document has reached the replica.
 */
export async function readActor(db: ReplicaDatabase, userId: string): Promise<MutationActor | null> {
  const user = await db.config.findOne(userId).exec();
  if (!user) return null;
  const member = await db.config.findOne({ selector: { kind: 'member', userId } }).exec();
  return mutationActor(userId, { role: user.get('role'), name: user.get('name') }, member ? member.primary : null);
}

/**
 * The account mutations act as. On a fresh device it arrives with the first pull: a change made meanwhile (a
 * language picked at once, say) waits for it instead of being refused.
 */
export class AccountGate {
  actor: MutationActor | null = null;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly db: ReplicaDatabase,
    private readonly userId: string,
  ) {}

  /** Reads the account from the replica (after a config page, say), waking whoever waited for it. */
  async refresh(): Promise<void> {
    const actor = await readActor(this.db, this.userId);
    if (!actor) return;
    this.actor = actor;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits until the account is in the replica, or until the pull under way (which could bring it) has ended. */
  async arrival(pulling: Promise<void> | null): Promise<void> {
    if (this.actor || !pulling) return;
    let wake = () => {};
    await Promise.race([pulling.catch(() => undefined), new Promise<void>((resolve) => this.waiters.push((wake = resolve)))]);
    this.waiters = this.waiters.filter((waiter) => waiter !== wake);
  }
}
