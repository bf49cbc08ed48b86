import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_LIMITS } from '../../src/domain/forms/formFields.ts';
import { testBackends } from './helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();
const FORM = 'claims-intake';
const RATE_LIMIT = 30;
const GOOD = { customerName: 'Ana Ruiz', email: 'ana@example.com', policyNumber: 'POL-7', description: 'A dent in the door' };

type Answer = { caseId: string; duplicate: boolean };

/** A local receiver for the form's webhook: answers 204 and hands over each body it got. */
async function webhookReceiver() {
  const received: unknown[] = [];
  const waiting: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(text));
      response.writeHead(204).end();
      waiting.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    next: (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the webhook was not called')), 5000);
        const check = () => (received.length >= count ? (clearTimeout(timer), resolve()) : waiting.push(check));
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('the public kiosk API on %s', (backend) => {
  let t: TestApp;
  let admin: { headers: { authorization: string } };

  beforeAll(async () => {
    t = await createTestApp(backend, { SUBMISSION_RATE_LIMIT: String(RATE_LIMIT), ALLOW_PRIVATE_NETWORK: 'true' });
    admin = await t.loginAs(demoAccount('ADMIN').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const submit = (payload: unknown, kiosk = 'kiosk-front-1', form = FORM) =>
    t.app.inject({ method: 'POST', url: `/public/forms/${form}/submissions`, headers: { 'x-kiosk-id': kiosk }, payload: payload as object });
  const submission = (values: Record<string, string> = GOOD, extra: object = {}) => ({ submissionId: randomUUID(), formVersion: 1, values, filledAt: Date.now() - 60_000, ...extra });
  const db = () => t.handle.db;
  const casesOf = async (submissionId: string) =>
    db().selectFrom('frontdesk_submissions').innerJoin('cases', 'cases.id', 'frontdesk_submissions.case_id').selectAll('cases').where('frontdesk_submissions.id', '=', submissionId).execute();
  const submissionCount = async () => Number((await db().selectFrom('frontdesk_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const patchForm = (body: object) => t.app.inject({ method: 'PATCH', url: `/frontdesk/forms/${FORM}`, headers: admin.headers, payload: body });

  it('GET answers the form with its fields and version, without signing in', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/public/forms/${FORM}`, headers: { accept: 'application/json' } });
    expect(reply.statusCode, reply.body).toBe(200);
    const form = reply.json<{ formId: string; version: number; fields: Array<{ name: string; required: boolean }> }>();
    expect(form).toMatchObject({ formId: FORM, name: 'Claims intake desk', version: 1 });
    expect(form.fields.map((f) => [f.name, f.required])).toEqual([
      ['customerName', true],
      ['email', true],
      ['policyNumber', true],
      ['description', false],
    ]);
  });

  it.each(['no-such-form', 'UPPER', '..%2Fetc'])('GET and POST of an unknown form %s → 404 "This form is not available"', async (form) => {
    const got = await t.app.inject({ method: 'GET', url: `/public/forms/${form}` });
    expect(got.statusCode).toBe(404);
    expect(got.json()).toEqual({ code: 'not-found', message: 'This form is not available' });
    expect((await submit(submission(), 'kiosk-unknown', form)).statusCode).toBe(404);
  });

  it('a submission makes one case of the form’s type with the values, and records version, kiosk and times', async () => {
    const sent = submission();
    const reply = await submit(sent);
    expect(reply.statusCode, reply.body).toBe(201);
    const answer = reply.json<Answer>();
    expect(answer).toEqual({ caseId: expect.stringMatching(/^case-/), duplicate: false });
    const [made] = await casesOf(sent.submissionId);
    expect(made).toMatchObject({ id: answer.caseId, workspace_id: 'ws-demo', case_type_id: 'ct-demo-claim', description: 'Claims intake desk — Ana Ruiz', data: GOOD });
    // The case's log (replicated with the case) names the form and the version filled.
    const log = await db().selectFrom('case_logs').selectAll().where('case_id', '=', answer.caseId).where('field_changed', '=', 'formVersion').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ new_value: '1', action_description: 'Submitted at front desk form claims-intake' });
    const row = await db().selectFrom('frontdesk_submissions').selectAll().where('id', '=', sent.submissionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ form_row_id: 'fdf-demo-claims', form_version: 1, kiosk_id: 'kiosk-front-1', values: GOOD, case_id: answer.caseId });
    expect(new Date(row.filled_at).getTime()).toBe(sent.filledAt);
    expect(new Date(row.received_at).getTime()).toBeGreaterThan(sent.filledAt);
    // The case type's starting app starts on it as case.create does, with the submission's values.
    const instance = await db().selectFrom('instances').select(['values']).where('case_id', '=', answer.caseId).executeTakeFirst();
    expect(instance?.values).toMatchObject({ ...GOOD, caseId: answer.caseId });
  });

  it('20 concurrent posts of one submission make one case; every answer names it, one as new', async () => {
    const sent = submission({ ...GOOD, customerName: 'Concurrent Carla' });
    const replies = await Promise.all(Array.from({ length: 20 }, () => submit(sent, 'kiosk-race')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    const answers = replies.map((r) => r.json<Answer>());
    expect(new Set(answers.map((a) => a.caseId)).size).toBe(1);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(await casesOf(sent.submissionId)).toHaveLength(1);
    const cases = await db().selectFrom('cases').select('id').where('description', '=', 'Claims intake desk — Concurrent Carla').execute();
    expect(cases).toHaveLength(1);
  });

  it('a repeat answers duplicate: true with the same case, even with other values', async () => {
    const sent = submission();
    const first = (await submit(sent)).json<Answer>();
    const again = await submit({ ...sent, values: { customerName: '' } }, 'kiosk-other');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ caseId: first.caseId, duplicate: true });
  });

  it.each([
    ['a required field empty', { ...GOOD, customerName: '  ' }, 'Please fill in Your name'],
    ['an unknown field', { ...GOOD, isAdmin: 'yes' }, 'This form has no field named isAdmin'],
    ['a malformed e-mail', { ...GOOD, email: 'ana@' }, 'Please enter a valid e-mail address in E-mail'],
    ['a value over the limit', { ...GOOD, description: 'x'.repeat(SUBMISSION_LIMITS.maxValueLength + 1) }, 'What happened? is too long'],
  ])('%s → 400 invalid with the reason, and no row', async (_label, values, message) => {
    const before = await submissionCount();
    const reply = await submit(submission(values), 'kiosk-bad');
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'invalid', message: expect.stringContaining(message) });
    expect(await submissionCount()).toBe(before);
  });

  it.each([
    ['no kiosk id', undefined, submission()],
    ['a kiosk id with spaces', 'kiosk one', submission()],
    ['a submission id that is not a UUID', 'kiosk-bad', { ...submission(), submissionId: 'abc' }],
    ['a version 0', 'kiosk-bad', { ...submission(), formVersion: 0 }],
    ['a number as a value', 'kiosk-bad', { ...submission(), values: { customerName: 7 } }],
    ['no values', 'kiosk-bad', { submissionId: randomUUID(), formVersion: 1, filledAt: 1 }],
  ])('%s → 400, never a 500', async (_label, kiosk, payload) => {
    const reply = await t.app.inject({ method: 'POST', url: `/public/forms/${FORM}/submissions`, headers: kiosk === undefined ? {} : { 'x-kiosk-id': kiosk }, payload });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'invalid' });
  });

  it('a body over 64 KiB → 413', async () => {
    const reply = await submit(submission({ ...GOOD, description: 'x'.repeat(70 * 1024) }), 'kiosk-big');
    expect(reply.statusCode).toBe(413);
    expect(reply.body.length).toBeLessThan(500);
  });

  it('a submission id used for another form → 409', async () => {
    const sent = submission();
    expect((await submit(sent)).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/frontdesk/forms', headers: admin.headers, payload: { name: 'Second desk', case_type: 'ct-demo-claim', description: 'd', template: '<input name="customerName">', form_id: 'second-desk' } });
    const reply = await submit({ ...sent, values: { customerName: 'x' } }, 'kiosk-front-1', 'second-desk');
    expect(reply.statusCode, reply.body).toBe(409);
  });

  it('each version is checked against its own fields; the webhook gets the submission after commit', async () => {
    const receiver = await webhookReceiver();
    try {
      const current = await db().selectFrom('frontdesk_forms').select('template').where('id', '=', 'fdf-demo-claims').executeTakeFirstOrThrow();
      const withPhone = current.template.replace('</form>', '<label>Phone <input name="phone" type="tel" required></label></form>');
      expect((await patchForm({ template: withPhone, webhook: receiver.url })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: `/public/forms/${FORM}` })).json()).toMatchObject({ version: 2 });

      // Filled on version 1 (before the phone field): accepted without it.
      const old = submission(GOOD, { formVersion: 1 });
      expect((await submit(old, 'kiosk-versions')).statusCode).toBe(201);
      expect((await db().selectFrom('frontdesk_submissions').select('form_version').where('id', '=', old.submissionId).executeTakeFirstOrThrow()).form_version).toBe(1);
      // On version 2, and on an unknown version (read as the current one), the phone is required.
      expect((await submit(submission(GOOD, { formVersion: 2 }), 'kiosk-versions')).json()).toMatchObject({ code: 'invalid', message: 'Please fill in Phone' });
      expect((await submit(submission(GOOD, { formVersion: 9 }), 'kiosk-versions')).statusCode).toBe(400);
      const fresh = submission({ ...GOOD, phone: '+34 600 000 000' }, { formVersion: 2 });
      const made = (await submit(fresh, 'kiosk-versions')).json<Answer>();

      await receiver.next(2);
      expect(receiver.received[1]).toEqual({ formId: FORM, submissionId: fresh.submissionId, caseId: made.caseId, formVersion: 2, values: fresh.values });
      // A repeat does not call the webhook again.
      await submit(fresh, 'kiosk-versions');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
    // A webhook that does not answer never fails the submission.
    expect((await patchForm({ webhook: receiver.url })).statusCode).toBe(204);
    expect((await submit(submission({ ...GOOD, phone: '1' }, { formVersion: 2 }), 'kiosk-versions')).statusCode).toBe(201);
    expect((await patchForm({ webhook: null })).statusCode).toBe(204);
  });

  it('an inactive form is not available', async () => {
    await db().updateTable('frontdesk_forms').set({ is_active: false }).where('form_id', '=', 'second-desk').execute();
    expect((await t.app.inject({ method: 'GET', url: '/public/forms/second-desk' })).statusCode).toBe(404);
    expect((await submit(submission({ customerName: 'x' }), 'kiosk-front-1', 'second-desk')).statusCode).toBe(404);
  });

  it(`over ${RATE_LIMIT} calls a minute from one kiosk and address → 429; another kiosk still gets through`, async () => {
    // Refused submissions count too (the limit is checked before the body is read); they write nothing.
    const burst = await Promise.all(Array.from({ length: RATE_LIMIT }, () => submit(submission({ customerName: '' }), 'kiosk-burst')));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(RATE_LIMIT).fill(400));
    expect(burst[0]!.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
    const over = await submit(submission(), 'kiosk-burst');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate-limited' });
    expect((await submit(submission(), 'kiosk-calm')).statusCode).toBe(201);
  });
});
