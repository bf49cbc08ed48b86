/**
 * `npm run workspace:create -- --name "Acme Claims" --admin-name "Ana Ruiz" --admin-email ana@acme.example
 * [--time-zone America/Mexico_City]`: creates a workspace with its first administrator on the configured database
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR — stop the server first, PGlite has one user at a time),
 * migrating it first if needed. Prints the set-password link for the administrator (and mails it when SMTP_URL is
 * set); no password is chosen here or shown.
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { createWorkspaceWithAdmin, FIRST_PASSWORD_TTL_MS } from '../server/services/workspaces.ts';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    'admin-name': { type: 'string' },
    'admin-email': { type: 'string' },
    'time-zone': { type: 'string', default: 'UTC' },
    id: { type: 'string' },
  },
});

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  const created = await createWorkspaceWithAdmin(handle.db, {
    name: values.name ?? '',
    adminName: values['admin-name'] ?? '',
    adminEmail: values['admin-email'] ?? '',
    timeZone: values['time-zone'] ?? 'UTC',
    ...(values.id ? { id: values.id } : {}),
  });
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const link = `${base}/update?token=${created.setPasswordToken}`;
  const days = Math.round(FIRST_PASSWORD_TTL_MS / 86_400_000);
  await createMailer({ db: handle.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: pino({ level: config.logLevel }) }).send({
    workspaceId: created.workspaceId,
    to: values['admin-email']!,
    subject: 'Your Workflow Console workspace',
    body: `Hello ${values['admin-name']},\n\nThe workspace ${values.name} is ready. Choose your password at ${link}\nThe link is valid for ${days} days.`,
  });
  process.stdout.write(
    `Workspace ${values.name} created (${created.workspaceId}).\nAdministrator ${values['admin-email']} sets a password at:\n  ${link}\n(valid ${days} days; also sent by mail${config.smtpUrl ? '' : ', kept in the mail log'})\n`,
  );
} catch (error) {
  const message = error instanceof Error && 'issues' in error ? (error as { issues: Array<{ message: string }> }).issues.map((i) => i.message).join('; ') : String(error instanceof Error ? error.message : error);
  process.stderr.write(`The workspace was not created: ${message}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
