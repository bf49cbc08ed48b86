import type { WriteContext } from '../services/context.ts';
import { advanceInstance, cancelAtStage, lockInstance, type StageRef } from './instanceLifecycle.ts';
import { graphOfInstance } from './flowVersions.ts';
import { isPlainObject, type Values } from './instanceModel.ts';

export type ResolvedTicket = {
  id: string;
  instance_id: string | null;
  stage_key: string | null;
  exit: 'approved' | 'canceled';
  /** The exported values of the ticket's form (the data saved with the resolution). */
  data: unknown;
};

/** The form's exported values: the data itself, or its `exportedValues` when the console sends both halves. */
function exportedValuesOf(data: unknown): Values {
  if (!isPlainObject(data)) return {};
  const source = isPlainObject(data.exportedValues) ? data.exportedValues : data;
  const { exit: _exit, initialValues: _initial, ...values } = source;
  return values;
}

/**
 * Called by the ticket service, inside the resolving transaction, when a ticket is resolved or canceled.
 * Approved: the human-interface stage succeeds with the form's exported values and the next stage's job is
 * enqueued in this same transaction. Canceled: the stage is marked canceled and the instance ends INCOMPLETE
 * (the run was called off by a person; nothing failed, so it is not ERROR and not retried).
 * A ticket whose instance has moved on (retried, ended) changes nothing in the engine.
 */
export async function resumeAfterTicket(ctx: WriteContext, ticket: ResolvedTicket): Promise<void> {
  if (!ticket.instance_id || !ticket.stage_key) return;
  const instance = await lockInstance(ctx, ticket.instance_id);
  if (!instance || instance.current_stage !== ticket.stage_key || !['RUNNING', 'PROGRESS', 'HOLD'].includes(instance.status)) return;
  const waiting = await ctx.tx
    .selectFrom('instance_stages')
    .select(['seq'])
    .where('instance_id', '=', instance.id)
    .where('stage_key', '=', ticket.stage_key)
    .where('status', '=', 'waiting')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return;
  const graph = await graphOfInstance(ctx.tx, instance);
  const stage = graph.find((s) => s.key === ticket.stage_key) ?? {
    key: ticket.stage_key,
    name: ticket.stage_key,
    nodeType: 'human-interface' as const,
    config: {},
    transitions: [],
  };
  const ref: StageRef = { stage, seq: waiting.seq, source: stage.templateId ?? null };
  const exported = exportedValuesOf(ticket.data);
  if (ticket.exit === 'canceled') {
    await cancelAtStage(ctx, instance, ref, { ticketId: ticket.id, exit: 'canceled' });
    return;
  }
  await advanceInstance(ctx, instance, graph, ref, exported, { ...exported, ticketId: ticket.id, exit: 'approved' });
}
