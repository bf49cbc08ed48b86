import { sql, type Kysely } from 'kysely';
import { withWorkspaceWrite } from '../../server/db/revisions.ts';
import type { Database } from '../../server/db/schema.ts';

/**
 * Adds volume to the demo workspace for the sync and cases benchmarks: `cases` cases and `tickets` open tickets
 * (spread over the three demo teams), written with set-based inserts in two transactions. Case type, state and
 * status vary independently (type by n % 2, status by n % 3, state by n / 6 % 3), so every filter combination of
 * the cases history finds cases, over 90 days of creation dates.
 */
export async function seedVolume(db: Kysely<Database>, counts: { cases: number; tickets: number }): Promise<void> {
  await withWorkspaceWrite(db, 'ws-demo', async (tx, rev) => {
    await sql`
      insert into cases (id, workspace_id, case_type_id, state_id, status, customer_id, category, description, data, rev, created_at, updated_at)
      select 'case-vol-' || lpad(n::text, 6, '0'), 'ws-demo',
             case when n % 2 = 0 then 'ct-demo-onboarding' else 'ct-demo-claim' end,
             case when n % 2 = 0 then (array['cst-demo-onboarding-new','cst-demo-onboarding-docs','cst-demo-onboarding-verify'])[1 + (n / 6) % 3]
                  else (array['cst-demo-claim-received','cst-demo-claim-review','cst-demo-claim-field-visit'])[1 + (n / 6) % 3] end,
             (array['CREATED','PROGRESS','COMPLETED'])[1 + n % 3], 'CUST-' || (n % 5000), 'bench',
             'Volume case ' || n, jsonb_build_object('amount', n % 997, 'channel', 'bench'), ${rev},
             now() - (n % 129600) * interval '1 minute', now()
      from generate_series(1, ${counts.cases}) as n`.execute(tx);
  });
  await withWorkspaceWrite(db, 'ws-demo', async (tx, rev) => {
    await sql`
      insert into tickets (id, workspace_id, case_id, operation, description, team_id, status, state, template, initial_values, data, sla_seconds, due_at, rev, created_at, updated_at)
      select 'tck-vol-' || lpad(n::text, 6, '0'), 'ws-demo', 'case-vol-' || lpad(n::text, 6, '0'), 'OP-' || n, 'Volume ticket ' || n,
             (array['team-demo-claims','team-demo-field','team-demo-back-office'])[1 + n % 3], 'unassigned', 'open',
             '<form><input name="note"></form>', '{}'::jsonb, '{}'::jsonb, 28800,
             now() + interval '8 hours' - (n % 480) * interval '1 minute', ${rev},
             now() - (n % 480) * interval '1 minute', now()
      from generate_series(1, ${counts.tickets}) as n`.execute(tx);
  });
}
