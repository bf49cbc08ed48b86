import type { Response as LightMyRequestResponse } from 'light-my-request';
import type { FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import type { AuthContext } from '../../../server/auth/sessions.ts';
import type { Backend } from '../../../server/db/connection.ts';
import { createEngine, type Engine } from '../../../server/engine/engine.ts';
import type { StageSettings } from '../../../server/engine/stages/stageTypes.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

/** A clock the tests move by hand; it starts at the real time so rows written by requests are never "in the future". */
export type TestClock = { now: () => Date; advance(ms: number): void; set(at: Date): void };

export function testClock(start: Date = new Date()): TestClock {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    set(at) {
      offset = at.getTime() - Date.now();
    },
  };
}

export const TEST_STAGE_SETTINGS: StageSettings = {
  allowPrivateNetwork: false,
  apiRetries: 2,
  apiBackoffMs: 5,
  apiTimeoutMs: 2000,
  scriptTimeMs: 300,
  scriptMemoryBytes: 16 * 1024 * 1024,
  publicBaseUrl: 'https://console.test',
};

export const ADMIN_ID = 'usr-demo-admin';
export const adminActor = (workspaceId = 'ws-demo'): AuthContext => ({ sessionId: 'test', userId: ADMIN_ID, workspaceId, role: 'ADMIN' });

export type EngineTest = {
  t: TestApp;
  clock: TestClock;
  admin: { authorization: string };
  engine(options?: { settings?: Partial<StageSettings>; workerId?: string; leaseMs?: number }): Engine;
  /** An app whose flow is `stages`, started by a webhook event; answers the ids and the webhook token. */
  flowApp(stages: FlowStage[], name?: string): Promise<{ appId: string; flowId: string; eventId: string; webhookId: string; token: string }>;
  hook(webhookId: string, token: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function createEngineTest(backend: Backend, env: Record<string, string> = {}): Promise<EngineTest> {
  const t = await createTestApp(backend, env);
  const clock = testClock();
  // Demo events would fire by themselves under a moving clock; each test defines its own.
  await t.handle.db.updateTable('events').set({ is_active: false }).execute();
  const { headers: admin } = await t.loginAs(demoAccount('ADMIN').username);
  const mailer = createMailer({ db: t.handle.db, smtpUrl: undefined, from: 'test@example.com', log: t.app.log });
  let counter = 0;

  const inject = async (method: 'POST' | 'PATCH', url: string, payload: unknown) => {
    const response = await t.app.inject({ method, url, headers: admin, payload: payload as object });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };

  return {
    t,
    clock,
    admin,
    engine(options = {}) {
      return createEngine({
        db: t.handle.db,
        mailer,
        log: t.app.log,
        settings: { ...TEST_STAGE_SETTINGS, ...options.settings },
        pollMs: 20,
        now: clock.now,
        ...(options.workerId ? { workerId: options.workerId } : {}),
        ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      });
    },
    async flowApp(stages, name = `Test app ${++counter}`) {
      const app = await inject('POST', '/apps', { name, description: 'An app under test', engine: { id: 'eng-demo-main' } });
      const flowId = app.workflow.id as string;
      await inject('PATCH', `/flowmanager/flows/${flowId}`, { stages });
      const { token } = await inject('POST', '/webhooks/generateToken', { username: 'admin', password: 'secret passphrase' });
      const { id: webhookId } = await inject('POST', '/webhooks/generateUrl', {});
      const event = await inject('POST', '/events', {
        appId: app.id,
        name: `Event-${counter}`,
        calendar: { id: 'cal-demo-mx' },
        webhook: { id: webhookId, name: `Webhook-${counter}`, token },
      });
      return { appId: app.id, flowId, eventId: event.id, webhookId, token };
    },
    hook(webhookId, token, body = {}, headers = {}) {
      return t.app.inject({ method: 'POST', url: `/hooks/${webhookId}`, headers: { authorization: `Bearer ${token}`, ...headers }, payload: body as object });
    },
    close: () => t.close(),
  };
}

export const stage = (key: string, nodeType: FlowStage['nodeType'], to: string[] = [], config: FlowStage['config'] = {}, extra: Partial<FlowStage> = {}): FlowStage => ({
  key,
  name: key,
  nodeType,
  config,
  transitions: to.map((target) => ({ to: target })),
  ...extra,
});
