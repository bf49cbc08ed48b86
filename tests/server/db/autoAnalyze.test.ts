import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVolume } from '../../../bench/sync/seedVolume.ts';
import { analyzeDueTables, tablesDueForAnalyze } from '../../../server/db/autoAnalyze.ts';
import { pullPage } from '../../../server/sync/pull.ts';
import { loadVisibility } from '../../../server/sync/visibility.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

// PGlite only: PostgreSQL's own autovacuum keeps its statistics, and the server starts this on PGlite alone.
describe('planner statistics on PGlite (no autovacuum there)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const pagePlan = async (afterId: string) => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select * from cases where workspace_id = 'ws-demo'
      and (rev, id collate "C") > (0, ${afterId}) order by rev, id collate "C" limit 1000`.execute(t.handle.db);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  it('a table filled in one write becomes due, is analyzed once, and sync pages then walk the (rev, id) index', async () => {
    // Other tables may become due meanwhile (the test app's engine writes histories): only cases are looked at.
    await analyzeDueTables(t.handle.db);
    expect(await tablesDueForAnalyze(t.handle.db)).not.toContain('cases');

    await seedVolume(t.handle.db, { cases: 5_000, tickets: 0 });
    expect(await tablesDueForAnalyze(t.handle.db)).toContain('cases');

    expect(await analyzeDueTables(t.handle.db)).toContain('cases');
    expect(await tablesDueForAnalyze(t.handle.db)).not.toContain('cases');
    expect(await pagePlan('case-vol-002500')).toMatch(/Index Scan using cases_workspace_rev_id/);

    // The pull reads the 5,200 cases in order, each once, across its pages.
    const admin = await t.loginAs(demoAccount('ADMIN').username);
    const v = await loadVisibility(t.handle.db, { userId: admin.userId, workspaceId: 'ws-demo' } as Parameters<typeof loadVisibility>[1]);
    const seen: string[] = [];
    let checkpoint;
    for (;;) {
      const page = await pullPage(t.handle.db, v, { collection: 'cases', checkpoint, limit: 1000 });
      if (page.documents.length === 0) break;
      seen.push(...page.documents.map((doc) => doc.id));
      checkpoint = page.checkpoint;
    }
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.filter((id) => id.startsWith('case-vol-'))).toHaveLength(5_000);
  });
});
