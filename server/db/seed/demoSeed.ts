import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import { clientHash } from '../../../src/domain/auth/clientHash.ts';
import { createWorkspace, withWorkspaceWrite } from '../revisions.ts';
import type { Database } from '../schema.ts';
import { writeBatchFigures } from './batchFigures.ts';
import { batchRows, caseRows, planCases } from './demoCases.ts';
import { accountRows, modelRows } from './demoConfig.ts';
import { DEMO_ACCOUNTS, DEMO_GLOBAL_ORIGIN, DEMO_WORKSPACE } from './demoDefinitions.ts';
import { planInstances, runRows } from './demoRuns.ts';
import { createRandom } from '../../../src/domain/random.ts';
import { pagesOf } from '../../../src/domain/templates/templatePages.ts';
import { insertRows, type SeedRow, type SeededTable } from './seedRows.ts';

export { DEMO_ACCOUNTS, DEMO_WEBHOOK, DEMO_WORKSPACE, type DemoAccount } from './demoDefinitions.ts';

export type DemoSeedResult =
  | { seeded: false }
  | { seeded: true; workspaceId: string; counts: Partial<Record<SeededTable, number>> };

export type DemoSeedOptions = {
  /** The moment the demo data is laid out around (dates over the 90 days before it); default now. */
  now?: Date;
};

// Any fixed seed will do; a fixed one makes every run lay out the same cases, tickets and runs.
const DEMO_RANDOM_SEED = 20260101;

/**
 * Creates the demo workspace on an empty database: accounts, engines, teams, case types, templates, apps with
 * their flows and events, 200 cases over the last 90 days, 40 open tickets spread over the light indicators,
 * the app instances behind them and their traces. Does nothing when any workspace exists.
 *
 * The rows are planned in memory first (a seeded generator, so runs are reproducible), then written in four
 * revision transactions of multi-row inserts.
 */
export async function seedDemoWorkspace(db: Kysely<Database>, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const existing = await db.selectFrom('workspaces').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };

  const now = options.now ?? new Date();
  const random = createRandom(DEMO_RANDOM_SEED);
  const passwordHashes = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => hashPassword(await clientHash(account.username, account.password))),
  );
  const cases = planCases(random, now);
  const caseSet = caseRows(random, cases);
  const batchSet = batchRows(random, now, cases);
  const runs = runRows(random, now, planInstances(random, cases));
  const accounts = accountRows(now, passwordHashes);
  const model = modelRows(now, runs.activity);

  const workspaceId = DEMO_WORKSPACE.id;
  await createWorkspace(db, { id: workspaceId, name: DEMO_WORKSPACE.name });
  const counts: Partial<Record<SeededTable, number>> = {};
  const write = (fill: (put: Put) => Promise<void>) =>
    withWorkspaceWrite(db, workspaceId, async (tx, rev) => {
      await fill(async (table, rows) => {
        await insertRows(tx, table, rows, { workspaceId, rev });
        counts[table] = rows.length;
      });
    });

  await write(async (put) => {
    await put('users', accounts.users);
    await put('engines', accounts.engines);
    await put('engine_users', accounts.engineUsers);
    await put('calendars', accounts.calendars);
    await put('teams', accounts.teams);
    await put('members', accounts.members);
    await put('team_members', accounts.teamMembers);
    await put('webhooks', accounts.webhooks);
  });
  // A global CORS origin (no workspace), as an operator would allow for every workspace: Settings shows it read-only.
  await withWorkspaceWrite(db, workspaceId, (tx, rev) =>
    tx.insertInto('cors_origins').values({ id: DEMO_GLOBAL_ORIGIN.id, workspace_id: null, origin: DEMO_GLOBAL_ORIGIN.origin, description: DEMO_GLOBAL_ORIGIN.description, rev }).execute(),
  );
  await write(async (put) => {
    await put('flows', model.flows);
    await put('apps', model.apps);
    await put('events', model.events);
    await put('case_types', model.caseTypes);
    await put('case_states', model.caseStates);
    await put('node_templates', model.nodeTemplates);
    await put('frontdesk_forms', model.frontdeskForms);
  });
  // Each form's version 1, which a kiosk submission is checked against (not replicated, so outside the revisions).
  // Migration tests seed a schema migrated only to an earlier step, where the table does not exist yet.
  const { rows: versionsTable } = await sql<{ present: boolean }>`select to_regclass('frontdesk_form_versions') is not null as present`.execute(db);
  if (versionsTable[0]?.present) {
    await db
      .insertInto('frontdesk_form_versions')
      .values(model.frontdeskForms.map((form) => ({ form_row_id: form.id, version: 1, template: form.template ?? '', created_at: form.updated_at ?? now })))
      .execute();
  }
  // Each node template's version 1 (migration 015), the history a changed template adds to.
  const { rows: templateVersionsTable } = await sql<{ present: boolean }>`select to_regclass('node_template_versions') is not null as present`.execute(db);
  if (templateVersionsTable[0]?.present) {
    await db
      .insertInto('node_template_versions')
      .values(
        model.nodeTemplates.map((tpl) => ({
          template_id: tpl.id,
          version: 1,
          template: tpl.template ?? '',
          pages: pagesOf(typeof tpl.config === 'string' ? JSON.parse(tpl.config) : tpl.config),
          created_at: tpl.updated_at ?? now,
        })),
      )
      .execute();
  }
  await write(async (put) => {
    await put('batches', batchSet.batches);
    await put('cases', caseSet.cases);
    await put('case_history', caseSet.caseHistory);
    await put('case_logs', caseSet.caseLogs);
    await put('case_notes', caseSet.caseNotes);
    await put('batch_lines', batchSet.batchLines);
  });
  await withWorkspaceWrite(db, workspaceId, (tx, rev) => writeBatchFigures(tx, rev, batchSet.figures));
  await write(async (put) => {
    await put('instances', runs.instances);
    await put('instance_stages', runs.instanceStages);
    await put('tickets', runs.tickets);
    await put('webhook_executions', runs.webhookExecutions);
    await put('external_api_executions', runs.externalApiExecutions);
  });

  return { seeded: true, workspaceId, counts };
}

/** Inserts planned rows of one table in the current revision transaction. */
type Put = <T extends SeededTable>(table: T, rows: readonly SeedRow<T>[]) => Promise<void>;
