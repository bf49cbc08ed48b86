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
