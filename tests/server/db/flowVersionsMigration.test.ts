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
import type { Database } from '../../../server/db/schema.ts';
import { seedDemoWorkspace } from '../../../server/db/seed/demoSeed.ts';
import { openTestDatabase, testBackends } from '../helpers/databases.ts';

const backends = await testBackends();

describe.each(backends)('migration 008 (flow versions) on a database with flows and instances, on %s', (backend) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    handle = await openTestDatabase(backend);
    db = handle.db;
    const raw = db as unknown as Kysely<unknown>;
    for (const up of [up001, up002, up003, up004, up005, up006, up007]) await up(raw);
    // The demo seed writes flows and RUNNING instances parked on their human stages, as a live database holds.
    await seedDemoWorkspace(db);
    await up008(raw);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('makes every existing flow version 1, with its stages frozen as they were', async () => {
    const flows = await db.selectFrom('flows').select(['id', 'version', 'stages', 'workspace_id']).orderBy('id').execute();
    expect(flows.length).toBeGreaterThan(0);
    const versions = await db.selectFrom('flow_versions').select(['flow_id', 'version', 'stages', 'workspace_id']).orderBy('flow_id').execute();
    expect(versions).toEqual(flows.map((f) => ({ flow_id: f.id, version: 1, stages: f.stages, workspace_id: f.workspace_id })));
    expect(flows.every((f) => f.version === 1)).toBe(true);
  });

  it('puts every existing instance of a flow on version 1', async () => {
    const instances = await db.selectFrom('instances').select(['flow_id', 'flow_version']).execute();
    expect(instances.filter((i) => i.flow_id !== null).length).toBeGreaterThan(0);
    for (const row of instances) expect(row.flow_version).toBe(row.flow_id === null ? null : 1);
  });
});
