import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';

/**
 * An open, unclaimed ticket of a team, the first or the last by id (tests that take two ask for both ends, so
 * they never share one while the other claims it).
 */
export async function unclaimedTicket(db: Kysely<Database>, team = 'team-demo-claims', end: 'first' | 'last' = 'first'): Promise<string> {
  const row = await db
    .selectFrom('tickets')
    .select('id')
    .where('team_id', '=', team)
    .where('status', '=', 'unassigned')
    .where('state', '=', 'open')
    .orderBy('id', end === 'first' ? 'asc' : 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}
