import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isActiveInstance } from '../../src/domain/engine/instanceStatus.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { lockInstance } from './instanceLifecycle.ts';
import { stageRowId } from './instanceModel.ts';
import { enqueueJob } from './jobQueue.ts';
import { engineActor } from './stageCommit.ts';

/**
 * Answer by code (part 2 §7): the link of an e-mail stage that waits for an answer. The code is looked up by its
 * SHA-256; the answer is recorded once, by a conditional update inside the workspace's write transaction (two
 * clicks at once queue behind the workspace's revision lock, and the second finds the row answered), and the
 * stage's job is enqueued in that same transaction with the answer, so the stage resumes exactly once.
 */
export const ANSWER_MESSAGES = {
  unknown: 'This answer link is not valid. Check that it was copied whole.',
  already: 'This answer was already recorded',
  gone: 'This request is closed: the process it belonged to has moved on.',
} as const;

export type RecordedAnswer = { answer: number; instanceId: string };

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

export async function answerByCode(db: Kysely<Database>, code: string, answer: number, now: Date = new Date()): Promise<RecordedAnswer> {
  const row = await db.selectFrom('contact_answers').selectAll().where('code_hash', '=', hashOf(code)).executeTakeFirst();
  if (!row) throw new ApiError(404, 'answer-unknown', ANSWER_MESSAGES.unknown);
  if (row.answered_at) throw new ApiError(409, 'answer-recorded', ANSWER_MESSAGES.already);
  return withWorkspaceWrite(db, row.workspace_id, async (tx, rev) => {
    const ctx = { tx, rev, actor: engineActor(row.workspace_id), now };
    const marked = await tx
      .updateTable('contact_answers')
      .set({ answered_at: now, answer })
      .where('id', '=', row.id)
      .where('answered_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!marked) throw new ApiError(409, 'answer-recorded', ANSWER_MESSAGES.already);
    // Retried, canceled, deleted or ended since the mail went out: refused, and the throw rolls the mark back.
    const instance = await lockInstance(ctx, row.instance_id);
    const visit = await tx.selectFrom('instance_stages').select('status').where('id', '=', stageRowId(row.instance_id, row.seq)).executeTakeFirst();
    if (!instance || !isActiveInstance(instance.status) || instance.current_stage !== row.stage_key || visit?.status !== 'waiting') {
      throw new ApiError(410, 'answer-gone', ANSWER_MESSAGES.gone);
    }
    await enqueueJob(tx, {
      workspaceId: row.workspace_id,
      kind: 'stage',
      instanceId: row.instance_id,
      dedupeKey: `${row.instance_id}:${row.seq}:answer`,
      runAt: now,
      payload: { stageKey: row.stage_key, seq: row.seq, answer },
    });
    return { answer, instanceId: row.instance_id };
  });
}
