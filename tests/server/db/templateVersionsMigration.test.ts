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
import { up as up014 } from '../../../server/db/migrations/014_trace_indexes.ts';
import { up as up015 } from '../../../server/db/migrations/015_template_versions.ts';
import type { Database } from '../../../server/db/schema.ts';
import { seedDemoWorkspace } from '../../../server/db/seed/demoSeed.ts';
import { openTestDatabase, testBackends } from '../helpers/databases.ts';

const backends = await testBackends();

describe.each(backends)('migration 015 (node template versions) on a seeded database, on %s', (backend) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let revBefore: number;

  beforeAll(async () => {
    handle = await openTestDatabase(backend);
    db = handle.db;
    const raw = db as unknown as Kysely<unknown>;
    for (const up of [up001, up002, up003, up004, up005, up006, up007, up008, up009, up010, up011, up012, up013, up014]) await up(raw);
    await seedDemoWorkspace(db);
    revBefore = Number((await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).rev);
    await up015(raw);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('makes every existing template version 1, with its text and pages kept in the history', async () => {
    const templates = await db.selectFrom('node_templates').select(['id', 'version', 'template', 'config']).orderBy('id').execute();
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.every((tpl) => tpl.version === 1)).toBe(true);
    const history = await db.selectFrom('node_template_versions').select(['template_id', 'version', 'template', 'pages']).orderBy('template_id').execute();
    expect(history).toEqual(
      templates.map((tpl) => ({ template_id: tpl.id, version: 1, template: tpl.template, pages: (tpl.config as { pages?: unknown }).pages ?? [] })),
    );
  });

  it('writes the templates again under a new revision, so replicas pull the version; tickets have none yet', async () => {
    const rev = Number((await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).rev);
    expect(rev).toBe(revBefore + 1);
    const revs = await db.selectFrom('node_templates').select('rev').execute();
    expect(revs.every((row) => Number(row.rev) === rev)).toBe(true);
    const versions = await db.selectFrom('tickets').select('template_version').execute();
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((row) => row.template_version === null)).toBe(true);
  });
});
