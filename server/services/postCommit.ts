import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * Work a write service asks for once its transaction has committed — a mail, say. Sending inside the transaction
 * would mail a link to a row that a later refusal rolls back, or hold the workspace's revision lock while SMTP
 * answers. A task that fails is logged and does not undo the committed write (the administrator can send the
 * mail again from the user's menu).
 */
export type PostCommitDeps = {
  mailer: Mailer;
  /** Where links in mails point: PUBLIC_URL, else the address the request came to. */
  baseUrl: string;
  log: { error(obj: unknown, msg: string): void };
};
export type PostCommitTask = (deps: PostCommitDeps) => Promise<void>;

export function postCommitDeps(deps: { mailer: Mailer; config: Config }, request: FastifyRequest): PostCommitDeps {
  return { mailer: deps.mailer, baseUrl: deps.config.publicUrl ?? `${request.protocol}://${request.host}`, log: request.log };
}

/** Runs the tasks one after another; each failure is logged, none is thrown. */
export async function runPostCommit(tasks: readonly PostCommitTask[], deps: PostCommitDeps): Promise<void> {
  for (const task of tasks) {
    try {
      await task(deps);
    } catch (error) {
      deps.log.error({ err: error }, 'post-commit work failed');
    }
  }
}
