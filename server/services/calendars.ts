import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

/** POST /flowtimer/calendar/names: the workspace's business calendars for the app and event pickers. */
export async function listCalendarNames(db: Kysely<Database>, actor: AuthContext) {
  const rows = await db
    .selectFrom('calendars')
    .select(['id', 'name', 'time_zone', 'working_weekdays', 'holidays'])
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .orderBy('name')
    .execute();
  return rows.map((c) => ({ id: c.id, name: c.name, timeZone: c.time_zone, workingWeekdays: c.working_weekdays, holidays: c.holidays }));
}
