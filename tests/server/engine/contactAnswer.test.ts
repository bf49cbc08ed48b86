import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/databases.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();

const LINK = /https:\/\/console\.test\/flowtimer\/contact\/answer\?code=([A-Za-z0-9_-]+)&answer=(\d)/g;

/** Part 2 §7 "Answer by code": an e-mail stage that waits for its answer link, and the link that resumes it once. */
describe.each(backends)('answer links of e-mail stages on %s', (backend) => {
  let e: EngineTest;
  beforeAll(async () => {
    e = await createEngineTest(backend);
  });
  afterAll(async () => {
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const instance = (id: string) => db().selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const open = (url: string, accept = 'text/html') => e.t.app.inject({ method: 'GET', url, headers: { accept } });
  const pathOf = (link: string) => link.replace('https://console.test', '');

  /** start → ask (e-mail waiting for an answer) → end; answers the instance id and the links of the mail it sent. */
  async function askByMail(to: string, body: string) {
    const ask = stage('ask', 'email', ['end'], { to: '{{email}}', subject: 'Do you accept?', body, waitForAnswer: true });
    const { webhookId, token } = await e.flowApp([stage('start', 'start', ['ask']), ask, stage('end', 'end')]);
    const { instanceId } = (await e.hook(webhookId, token, { email: to })).json<{ instanceId: string }>();
    await e.engine().drain();
    const mails = await db().selectFrom('mail_log').selectAll().where('recipient', '=', to).execute();
    expect(mails).toHaveLength(1);
    const links = [...mails[0]!.body.matchAll(LINK)].map((m) => ({ url: m[0], code: m[1]!, answer: Number(m[2]) }));
    return { instanceId, body: mails[0]!.body, links };
  }

  it('the mail holds the links, the instance waits, and opening the link resumes it once with the answer', async () => {
    const { instanceId, body, links } = await askByMail('ana@example.com', 'Hello, please answer: {{answerLink}} or {{declineLink}}');
    expect(body).toMatch(/^Hello, please answer: https:\/\/console\.test\//);
    expect(links.map((l) => l.answer)).toEqual([1, 0]);
    expect(links[0]!.code).toBe(links[1]!.code);
    expect(links[0]!.code.length).toBeGreaterThanOrEqual(22);
    const waiting = await instance(instanceId);
    expect([waiting.status, waiting.current_stage]).toEqual(['RUNNING', 'ask']);
    // Only the code's hash is stored.
    const row = await db().selectFrom('contact_answers').selectAll().where('instance_id', '=', instanceId).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(links[0]!.code);

    const answered = await open(pathOf(links[0]!.url));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.headers['content-type']).toMatch(/^text\/html/);
    expect(answered.body).toContain('Answer recorded');
    await e.engine().drain();
    const done = await instance(instanceId);
    expect(done.status).toBe('DONE');
    expect(done.values).toMatchObject({ email: 'ana@example.com', answer: 1 });
    expect(await db().selectFrom('mail_log').select('id').where('recipient', '=', 'ana@example.com').execute()).toHaveLength(1);

    const revBefore = await db().selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    const again = await open(pathOf(links[1]!.url), 'application/json');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'answer-recorded', message: 'This answer was already recorded' });
    const revAfter = await db().selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    expect(revAfter.rev).toBe(revBefore.rev);
    expect((await instance(instanceId)).values).toMatchObject({ answer: 1 });
  });

  it('two clicks at once resume the instance once', async () => {
    const { instanceId, links } = await askByMail('two.clicks@example.com', 'Answer: {{answerLink}}');
    const answers = await Promise.all([open(pathOf(links[0]!.url), 'application/json'), open(pathOf(links[0]!.url), 'application/json')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const jobs = await db().selectFrom('jobs').select('id').where('instance_id', '=', instanceId).where('dedupe_key', 'like', '%:answer').execute();
    expect(jobs).toHaveLength(1);
    await e.engine().drain();
    expect((await instance(instanceId)).status).toBe('DONE');
  });

  it('a body that names neither link gets both appended; declining exports answer 0', async () => {
    const { instanceId, body, links } = await askByMail('bea@example.com', 'Will you come?');
    expect(body.startsWith('Will you come?')).toBe(true);
    expect(links.map((l) => l.answer)).toEqual([1, 0]);
    expect((await open(pathOf(links[1]!.url))).statusCode).toBe(200);
    await e.engine().drain();
    expect(await instance(instanceId)).toMatchObject({ status: 'DONE', values: expect.objectContaining({ answer: 0 }) });
  });

  it('a link of an instance that moved on answers 410 and records nothing', async () => {
    const { instanceId, links } = await askByMail('gone@example.com', '{{answerLink}}');
    await db().updateTable('instances').set({ status: 'INCOMPLETE', current_stage: null }).where('id', '=', instanceId).execute();
    const gone = await open(pathOf(links[0]!.url));
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('No longer waiting');
    const row = await db().selectFrom('contact_answers').select(['answered_at', 'answer']).where('instance_id', '=', instanceId).executeTakeFirstOrThrow();
    expect(row).toEqual({ answered_at: null, answer: null });
  });

  it.each([
    ['an unknown code', '/flowtimer/contact/answer?code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&answer=1', 404],
    ['no code', '/flowtimer/contact/answer?answer=1', 400],
    ['a code too short to be one', '/flowtimer/contact/answer?code=abc&answer=1', 400],
    ['no answer', '/flowtimer/contact/answer?code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 400],
    ['an answer that is not a digit', '/flowtimer/contact/answer?code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&answer=12', 400],
    ['an empty answer', '/flowtimer/contact/answer?code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&answer=', 400],
  ])('%s answers %i, as a page and as JSON', async (_what, url, status) => {
    const html = await open(url);
    expect(html.statusCode).toBe(status);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    const json = await open(url, 'application/json');
    expect(json.statusCode).toBe(status);
    expect(json.json<{ code: string; message: string }>().message).not.toBe('');
  });
});
