import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.ts';

export type OutgoingMail = { workspaceId: string | null; to: string; subject: string; body: string };

export type Mailer = {
  /** Sends through SMTP when configured, else records the message in mail_log and the log. Throws on SMTP failure. */
  send(mail: OutgoingMail): Promise<void>;
};

export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl: string | undefined;
  from: string;
  /** See Config.mailDropDir. */
  dropDir?: string | undefined;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  const record = (mail: OutgoingMail, status: 'sent' | 'recorded' | 'failed', error: string | null) =>
    options.db
      .insertInto('mail_log')
      .values({
        id: randomUUID(),
        workspace_id: mail.workspaceId,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        transport: transport ? 'smtp' : 'log',
        status,
        error,
      })
      .execute();

  return {
    async send(mail) {
      if (!transport) {
        await record(mail, 'recorded', null);
        if (options.dropDir) {
          await mkdir(options.dropDir, { recursive: true });
          await writeFile(join(options.dropDir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(mail));
        }
        options.log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail recorded (no SMTP_URL set)');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.body });
        await record(mail, 'sent', null);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await record(mail, 'failed', message);
        throw error;
      }
    },
  };
}
