import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { webhookPath } from '../../src/domain/engine/eventRules.ts';
import type { CreateWebhookBody, UpdateWebhookBody } from '../../src/domain/engine/schemas.ts';
import type { WebhooksTable } from '../db/domainTables.ts';
import { requireModule } from '../engine/access.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { WriteContext, WriteService } from './context.ts';

/**
 * Webhooks of events (part 1 §2, §7). A token is random, shown once when generated and stored only as SHA-256
 * with a four-character hint. The passphrase of generateToken only gates the action (part 1 §5): a passphrase
 * would be a guessable seed, so the token never derives from it.
 */
type WebhookRow = Selectable<WebhooksTable>;

export const hashWebhookToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newWebhookToken = () => randomBytes(32).toString('base64url');
export const newWebhookId = () => `whk-${randomUUID()}`;
export { webhookPath };

export function webhookView(row: WebhookRow) {
  return { id: row.id, name: row.name, description: row.description, url: row.url, user: { id: row.user_id }, tokenHint: row.token_hint };
}

/** Creates or updates a webhook row; a new one needs a token. Used by the webhook calls and by events. */
export async function saveWebhook(
  { tx, rev, actor, now }: WriteContext,
  input: { id?: string | undefined; name?: string | undefined; description?: string | undefined; token?: string | undefined },
): Promise<WebhookRow> {
  const existing = input.id
    ? await tx.selectFrom('webhooks').selectAll().where('id', '=', input.id).where('deleted', '=', false).executeTakeFirst()
    : undefined;
  if (existing && existing.workspace_id !== actor.workspaceId) throw new ApiError(409, 'already-exists', 'This webhook id is already in use');
  const token = input.token ? { token_hash: hashWebhookToken(input.token), token_hint: input.token.slice(-4) } : {};
  if (existing) {
    return tx
      .updateTable('webhooks')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...token,
        rev,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  if (!input.token || !token.token_hash) throw new ApiError(400, 'token-required', 'Generate a token for the webhook first');
  const id = input.id ?? newWebhookId();
  return tx
    .insertInto('webhooks')
    .values({
      id,
      workspace_id: actor.workspaceId,
      user_id: actor.userId,
      name: input.name ?? `Webhook-${Math.floor(now.getTime() / 1000)}`,
      description: input.description ?? '',
      url: webhookPath(id),
      token_hash: token.token_hash,
      token_hint: token.token_hint,
      rev,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const createWebhook: WriteService<CreateWebhookBody, ReturnType<typeof webhookView>> = async (ctx, body) => {
  await requireModule(ctx.tx, ctx.actor, 'APPS');
  if (body.id) {
    const taken = await ctx.tx.selectFrom('webhooks').select('id').where('id', '=', body.id).executeTakeFirst();
    if (taken) throw new ApiError(409, 'already-exists', 'This webhook id is already in use');
  }
  return webhookView(await saveWebhook(ctx, body));
};

export const updateWebhook: WriteService<{ id: string } & UpdateWebhookBody, ReturnType<typeof webhookView>> = async (ctx, args) => {
  await requireModule(ctx.tx, ctx.actor, 'APPS');
  const row = await ctx.tx.selectFrom('webhooks').select('id').where('id', '=', args.id).where('workspace_id', '=', ctx.actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw notFound('Webhook');
  return webhookView(await saveWebhook(ctx, args));
};
