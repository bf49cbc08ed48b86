import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/connection.ts';
import { up as up001 } from '../../../server/db/migrations/001_core.ts';
import { up as up002 } from '../../../server/db/migrations/002_domain.ts';
import { up as up003 } from '../../../server/db/migrations/003_sync_notify.ts';
import { up as up004 } from '../../../server/db/migrations/004_pull_order.ts';
import { up as up005 } from '../../../server/db/migrations/005_mutation_faults.ts';
import { up as up006 } from '../../../server/db/migrations/006_sync_notify_keys.ts';
import { up as up007 } from '../../../server/db/migrations/007_workspace_chat_link.ts';
import { up as up008 } from '../../../server/db/migrations/008_flow_versions.ts';
import { up as up009 } from '../../../server/db/migrations/009_contact_answers.ts';
import { up as up010 } from '../../../server/db/migrations/010_envelopes.ts';
import { up as up011 } from '../../../server/db/migrations/011_dashboard_aggregates.ts';
import { up as up012 } from '../../../server/db/migrations/012_batch_execution.ts';
import { up as up013 } from '../../../server/db/migrations/013_frontdesk.ts';
import type { Database } from '../../../server/db/schema.ts';
import { seedDemoWorkspace } from '../../../server/db/seed/demoSeed.ts';
import { openTestDatabase, testBackends } from '../helpers/databases.ts';

const backends = await testBackends();

describe.each(backends)('migration 013 (front desk forms) on a database with a form, on %s', (backend) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let revBefore: number;

  beforeAll(async () => {
    handle = await openTestDatabase(backend);
    db = handle.db;
    const raw = db as unknown as Kysely<unknown>;
    for (const up of [up001, up002, up003, up004, up005, up006, up007, up008, up009, up010, up011, up012]) await up(raw);
    await seedDemoWorkspace(db);
    revBefore = Number((await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).rev);
    await up013(raw);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('makes the existing form version 1 with its template kept', async () => {
    const form = await db.selectFrom('frontdesk_forms').select(['id', 'version', 'template']).executeTakeFirstOrThrow();
    expect(form.version).toBe(1);
    expect(await db.selectFrom('frontdesk_form_versions').select(['form_row_id', 'version', 'template']).execute()).toEqual([{ form_row_id: form.id, version: 1, template: form.template }]);
  });

  it('writes the form and the workspace again under a new revision, so replicas pull the new fields', async () => {
    const rev = Number((await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).rev);
    expect(rev).toBe(revBefore + 1);
    expect(Number((await db.selectFrom('frontdesk_forms').select('rev').executeTakeFirstOrThrow()).rev)).toBe(rev);
    expect(await db.selectFrom('workspaces').select(['rev', 'designer_url']).where('id', '=', 'ws-demo').executeTakeFirstOrThrow()).toEqual({ rev, designer_url: null });
  });
});
