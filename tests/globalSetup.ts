import { reachablePostgresUrl } from './server/helpers/databases.ts';

/** Says once, at the top of the run, which databases the integration tests run on. */
export default async function setup(): Promise<void> {
  const url = await reachablePostgresUrl();
  const where = url ? `PGlite and PostgreSQL (${new URL(url).host}${new URL(url).pathname}, a fresh schema per test file)` : 'PGlite only (PostgreSQL not reachable)';
  process.stdout.write(`\nIntegration tests run on: ${where}\n`);
}
