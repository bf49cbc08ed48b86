import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the e2e server writes the mails it records (scripts/e2e-server.mjs sets MAIL_DROP_DIR to this). */
const DROP_DIR = join(tmpdir(), `workflow-console-e2e-mail-${process.env.E2E_PORT ?? '4319'}`);

type DroppedMail = { to: string; subject: string; body: string };

/** The newest mail to this address with this subject, if one has been recorded. */
export async function latestMail(to: string, subject: string): Promise<DroppedMail | undefined> {
  const names = (await readdir(DROP_DIR).catch(() => [] as string[])).sort().reverse();
  for (const name of names) {
    const mail = JSON.parse(await readFile(join(DROP_DIR, name), 'utf8')) as DroppedMail;
    if (mail.to === to && mail.subject === subject) return mail;
  }
  return undefined;
}

/** The path and query of the first console link in a mail ('/update?token=…'). */
export const linkIn = (body: string): string => /https?:\/\/[^/\s]+(\/update\?token=[A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
