import { expect } from 'vitest';
import type { MutationBatchResponse, MutationOutcome } from '../../../src/domain/sync/protocol.ts';
import type { TestApp } from './testApp.ts';

export type SentMutation = { id: string; name: string; args: unknown };

/** POST /sync/mutations as a client would, expecting a 200; answers each mutation's outcome. */
export async function pushMutations(t: TestApp, headers: { authorization: string }, clientId: string, mutations: SentMutation[]): Promise<MutationOutcome[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sync/mutations',
    headers,
    payload: { clientId, mutations: mutations.map((m) => ({ ...m, at: Date.now() })) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MutationBatchResponse>().results;
}

/** The demo workspace's revision: a refused write must leave it where it was. */
export async function demoWorkspaceRev(t: TestApp): Promise<number> {
  return Number((await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).rev);
}

