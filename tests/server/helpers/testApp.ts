import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { clientHash } from '../../../src/domain/auth/clientHash.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import type { Backend, DatabaseHandle } from '../../../server/db/connection.ts';
import { DEMO_ACCOUNTS, seedDemoWorkspace } from '../../../server/db/seed/demoSeed.ts';
import { startChangeBus } from '../../../server/sync/changeBus.ts';
import { migrateTestDatabase, openTestDatabase } from './databases.ts';

export type TestApp = {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  /** Signs in a demo account and answers its user id and Bearer header. */
  loginAs(username: string): Promise<{ userId: string; headers: { authorization: string } }>;
  close(): Promise<void>;
};

export const demoAccount = (role: 'ADMIN' | 'NORMAL') => {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role && a.status === 0);
  if (!account) throw new Error(`no demo account with role ${role}`);
  return account;
};

/** The real app on a fresh migrated and seeded database of the given backend. */
export async function createTestApp(backend: Backend, env: Record<string, string> = {}): Promise<TestApp> {
  const handle = await openTestDatabase(backend);
  await migrateTestDatabase(handle);
  await seedDemoWorkspace(handle.db);
  // Each app its own file store unless told: test files run in parallel, and one's uploads must not show up in
  // another's count of stored files (the fuzz test's write fingerprint).
  const ownStore = env.FILE_STORE === undefined ? await mkdtemp(join(tmpdir(), 'console-test-files-')) : null;
  const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: './.tmp/no-build', LOGIN_RATE_LIMIT: '1000', ...(ownStore ? { FILE_STORE: ownStore } : {}), ...env });
  const changeBus = await startChangeBus(handle);
  const app = await buildApp({ db: handle.db, backend, config, logger: false, changeBus, ...(handle.pool ? { pool: handle.pool } : {}) });
  await app.ready();

  return {
    app,
    handle,
    config,
    async loginAs(username) {
      const account = DEMO_ACCOUNTS.find((a) => a.username === username);
      if (!account) throw new Error(`unknown demo account ${username}`);
      const response = await app.inject({
        method: 'POST',
        url: '/token?grant_type=password',
        payload: { username, password: await clientHash(username, account.password) },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      const body = response.json<{ user: { id: string }; access_token: string }>();
      return { userId: body.user.id, headers: { authorization: `Bearer ${body.access_token}` } };
    },
    async close() {
      await app.close();
      await changeBus.stop();
      await handle.close();
      if (ownStore) await rm(ownStore, { recursive: true, force: true });
    },
  };
}
