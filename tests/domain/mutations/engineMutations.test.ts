import { describe, expect, it } from 'vitest';
import { nextFireAt } from '../../../src/domain/engine/eventRules.ts';
import { defaultFlowGraph } from '../../../src/domain/engine/flowGraph.ts';
import {
  createApp,
  createEvent,
  deleteApp,
  deleteEvent,
  ENGINE_MUTATIONS,
  retryInstance,
  setAppActive,
  setEventActive,
  updateApp,
  updateEvent,
} from '../../../src/domain/mutations/engineMutations.ts';
import { MUTATIONS } from '../../../src/domain/mutations/registry.ts';
import { MutationRefused, type MutationActor, type MutationDefinition } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const actor: MutationActor = { userId: 'usr-1', memberId: 'mbr-1', role: 'ADMIN', name: 'Ada Admin' };
const NOW = Date.UTC(2026, 0, 5, 12, 0, 0); // a Monday
const stamps = { rev: 7, deleted: false, workspaceId: 'ws-1', createdAt: 1000, updatedAt: 1000 };

const engine: ReplicaDoc = { id: 'eng-1', kind: 'engine', ...stamps, name: 'Main', description: '', isActive: true };
const idleEngine: ReplicaDoc = { ...engine, id: 'eng-idle', isActive: false };
const calendar: ReplicaDoc = { id: 'cal-1', kind: 'calendar', ...stamps, name: 'MX', description: '', timeZone: 'America/Mexico_City', workingWeekdays: [1, 2, 3, 4, 5], holidays: [] };
const otherCalendar: ReplicaDoc = { ...calendar, id: 'cal-2', timeZone: 'Asia/Tokyo' };
const flow: ReplicaDoc = { id: 'flow-1', kind: 'flow', ...stamps, name: 'AppFlow_Claims', description: '', creatorUserId: 'usr-1', type: 'app', stages: [] };
const app: ReplicaDoc = {
  id: 'app-1',
  kind: 'app',
  ...stamps,
  engineId: 'eng-1',
  ownerUserId: 'usr-1',
  name: 'Claims',
  description: 'Claims app',
  isActive: true,
  flowId: 'flow-1',
  calendarId: null,
  statistics: { active: 0, appsInstances: 3, executedPoints: 9 },
};
const deletedApp: ReplicaDoc = { ...app, id: 'app-gone', deleted: true };
const webhook: ReplicaDoc = { id: 'whk-existing-1', kind: 'webhook', ...stamps, userId: 'usr-1', name: 'Hook', description: 'old', url: '/hooks/whk-existing-1', tokenHint: 'abcd' };
const event: ReplicaDoc = {
  id: 'evt-1',
  kind: 'event',
  ...stamps,
  appId: 'app-1',
  name: 'Daily',
  description: '',
  cronRule: '0 9 * * 1-5',
  calendarId: 'cal-1',
  isActive: true,
  webhookId: null,
  lastFiredAt: null,
  nextFireAt: 123,
};
const hookEvent: ReplicaDoc = { ...event, id: 'evt-hook', cronRule: null, webhookId: 'whk-existing-1', nextFireAt: null };
const failed: ReplicaDoc = {
  id: 'ins-1',
  kind: 'instance',
  ...stamps,
  appId: 'app-1',
  flowId: 'flow-1',
  eventId: null,
  caseId: null,
  name: 'run',
  status: 'ERROR',
  values: { a: 1 },
  stageHistory: [],
  currentStage: 'policy',
  startDate: 500,
  endDate: 900,
  wakeAt: null,
  error: 'timeout',
  attempt: 3,
};
const running: ReplicaDoc = { ...failed, id: 'ins-2', status: 'RUNNING', endDate: null, error: null };

const ALL = [engine, idleEngine, calendar, otherCalendar, flow, app, deletedApp, webhook, event, hookEvent, failed, running];
const replica = new Map(ALL.map((d) => [d.id, d]));

/** As the worker runs a mutation: parse the args, read the documents it names, apply. */
function run<A>(definition: MutationDefinition<A>, rawArgs: unknown) {
  const args = definition.args.parse(rawArgs);
  const refs = definition.reads(args, actor);
  const docs = new Map(refs.flatMap((r) => (replica.has(r.id) ? [[r.id, replica.get(r.id)!] as const] : [])));
  return definition.apply(args, docs, actor, NOW);
}
function refusal<A>(definition: MutationDefinition<A>, rawArgs: unknown): { code: string; message: string } {
  try {
    run(definition, rawArgs);
  } catch (error) {
    if (error instanceof MutationRefused) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

it('every engine mutation is registered by its name', () => {
  expect(ENGINE_MUTATIONS.map((m) => m.name).sort()).toEqual(
    ['app.create', 'app.delete', 'app.setActive', 'app.update', 'event.create', 'event.delete', 'event.setActive', 'event.update', 'instance.retry', 'instance.start'].sort(),
  );
  for (const m of ENGINE_MUTATIONS) expect(MUTATIONS.get(m.name)).toBe(m);
});

describe('app.create', () => {
  const args = { id: 'app-new-0001', flowId: 'flow-new-0001', name: 'Refunds', description: 'Refund requests', engine: { id: 'eng-1' }, calendar: { id: 'cal-1' } };

  it('writes the new flow AppFlow_<name> and the app pointing at it, with the client ids', () => {
    const writes = run(createApp, args);
    expect(writes).toEqual([
      {
        collection: 'config',
        doc: {
          id: 'flow-new-0001',
          kind: 'flow',
          rev: 0,
          deleted: false,
          workspaceId: 'ws-1',
          name: 'AppFlow_Refunds',
          description: 'Workflow of the Refunds app',
          creatorUserId: 'usr-1',
          type: 'app',
          stages: defaultFlowGraph(),
          version: 1,
          createdAt: NOW,
          updatedAt: NOW,
        },
      },
      {
        collection: 'config',
        doc: {
          id: 'app-new-0001',
          kind: 'app',
          rev: 0,
          deleted: false,
          workspaceId: 'ws-1',
          engineId: 'eng-1',
          ownerUserId: 'usr-1',
          name: 'Refunds',
          description: 'Refund requests',
          isActive: true,
          flowId: 'flow-new-0001',
          calendarId: 'cal-1',
          statistics: { active: 0, appsInstances: 0, executedPoints: 0 },
          createdAt: NOW,
          updatedAt: NOW,
        },
      },
    ]);
  });

  it('names another owner when given, and starts inactive when asked', () => {
    const [, appWrite] = run(createApp, { ...args, calendar: undefined, user: { id: 'usr-2' }, isActive: false });
    expect(appWrite!.doc).toMatchObject({ ownerUserId: 'usr-2', isActive: false, calendarId: null });
  });

  it('needs both client ids', () => {
    expect(createApp.args.safeParse({ ...args, id: undefined }).success).toBe(false);
    expect(createApp.args.safeParse({ ...args, flowId: undefined }).success).toBe(false);
    expect(createApp.args.safeParse({ ...args, flowId: 'short' }).success).toBe(false);
  });

  it.each([
    ['an unknown engine', { engine: { id: 'eng-none' } }, 'not-found', 'Engine not found'],
    ['an inactive engine', { engine: { id: 'eng-idle' } }, 'engine-inactive', 'The engine is inactive: activate it before adding apps to it'],
    ['an unknown calendar', { calendar: { id: 'cal-none' } }, 'not-found', 'Calendar not found'],
  ])('refuses %s', (_label, change, code, message) => {
    expect(refusal(createApp, { ...args, ...change })).toEqual({ code, message });
  });
});

describe('app.update, app.setActive, app.delete', () => {
  it('changes only the fields sent', () => {
    const [write] = run(updateApp, { id: 'app-1', name: 'Claims v2', calendar: { id: 'cal-1' }, workflow: null });
    expect(write).toEqual({ collection: 'config', doc: { ...app, name: 'Claims v2', calendarId: 'cal-1', flowId: null, updatedAt: NOW } });
  });

  it('moves the app to another active engine and flow', () => {
    const [write] = run(updateApp, { id: 'app-1', engine: { id: 'eng-1' }, workflow: { id: 'flow-1' }, isActive: false });
    expect(write!.doc).toMatchObject({ engineId: 'eng-1', flowId: 'flow-1', isActive: false, name: 'Claims' });
  });

  it.each([
    ['an unknown app', { id: 'app-none', name: 'x' }, 'not-found', 'App not found'],
    ['a deleted app', { id: 'app-gone', name: 'x' }, 'not-found', 'App not found'],
    ['an inactive engine', { id: 'app-1', engine: { id: 'eng-idle' } }, 'engine-inactive', 'The engine is inactive: activate it before adding apps to it'],
    ['an unknown workflow', { id: 'app-1', workflow: { id: 'flow-none' } }, 'not-found', 'Workflow not found'],
    ['a calendar id that is another kind of document', { id: 'app-1', calendar: { id: 'flow-1' } }, 'not-found', 'Calendar not found'],
  ])('update refuses %s', (_label, args, code, message) => {
    expect(refusal(updateApp, args)).toEqual({ code, message });
  });

  it('an update with nothing to change is invalid', () => {
    expect(updateApp.args.safeParse({ id: 'app-1' }).success).toBe(false);
  });

  it('toggles isActive', () => {
    expect(run(setAppActive, { id: 'app-1', isActive: false })).toEqual([{ collection: 'config', doc: { ...app, isActive: false, updatedAt: NOW } }]);
    expect(refusal(setAppActive, { id: 'app-none', isActive: true }).code).toBe('not-found');
  });

  it('deletes with a tombstone (deleted and inactive)', () => {
    expect(run(deleteApp, { id: 'app-1' })).toEqual([{ collection: 'config', doc: { ...app, deleted: true, isActive: false, updatedAt: NOW } }]);
    expect(refusal(deleteApp, { id: 'app-gone' })).toEqual({ code: 'not-found', message: 'App not found' });
  });
});

describe('event.create', () => {
  const cron = { id: 'evt-new-0001', appId: 'app-1', name: 'Nightly', rules: '0 9 * * 1-5', calendar: { id: 'cal-1' } };

  it('writes the event with its next fire time in the calendar zone', () => {
    const [write] = run(createEvent, cron);
    expect(write).toEqual({
      collection: 'config',
      doc: {
        id: 'evt-new-0001',
        kind: 'event',
        rev: 0,
        deleted: false,
        workspaceId: 'ws-1',
        appId: 'app-1',
        name: 'Nightly',
        description: '',
        cronRule: '0 9 * * 1-5',
        calendarId: 'cal-1',
        isActive: true,
        webhookId: null,
        lastFiredAt: null,
        nextFireAt: nextFireAt('0 9 * * 1-5', 'America/Mexico_City', new Date(NOW))!.getTime(),
        createdAt: NOW,
        updatedAt: NOW,
      },
    });
    // 9:00 in Mexico City is 15:00 UTC: later the same Monday.
    expect(write!.doc.nextFireAt).toBe(Date.UTC(2026, 0, 5, 15, 0, 0));
  });

  it('takes the app from `apps` as the spec sends it', () => {
    const [write] = run(createEvent, { ...cron, appId: undefined, apps: [{ id: 'app-1' }] });
    expect(write!.doc.appId).toBe('app-1');
  });

  it('creates a new webhook document with the generated id and the token hint', () => {
    const writes = run(createEvent, { ...cron, rules: undefined, webhook: { id: 'whk-new-0001', name: 'Intake', token: 'a-very-long-token-0123456789WXYZ' } });
    expect(writes).toHaveLength(2);
    expect(writes[0]).toEqual({
      collection: 'config',
      doc: {
        id: 'whk-new-0001',
        kind: 'webhook',
        rev: 0,
        deleted: false,
        workspaceId: 'ws-1',
        userId: 'usr-1',
        name: 'Intake',
        description: '',
        url: '/hooks/whk-new-0001',
        tokenHint: 'WXYZ',
        createdAt: NOW,
        updatedAt: NOW,
      },
    });
    expect(writes[1]!.doc).toMatchObject({ webhookId: 'whk-new-0001', cronRule: null, nextFireAt: null });
  });

  it('reuses an existing webhook, updating its name', () => {
    const writes = run(createEvent, { ...cron, webhook: { id: 'whk-existing-1', name: 'Renamed' } });
    expect(writes[0]).toEqual({ collection: 'config', doc: { ...webhook, name: 'Renamed', updatedAt: NOW } });
    expect(writes[1]!.doc.webhookId).toBe('whk-existing-1');
  });

  it.each([
    ['an unknown app', { appId: 'app-none' }, 'not-found', 'App not found'],
    ['a deleted app', { appId: 'app-gone' }, 'not-found', 'App not found'],
    ['an unknown calendar', { calendar: { id: 'cal-none' } }, 'not-found', 'Calendar not found'],
    ['a new webhook without a token', { webhook: { id: 'whk-new-0002', name: 'No token' } }, 'token-required', 'Generate a token for the webhook first'],
  ])('refuses %s', (_label, change, code, message) => {
    expect(refusal(createEvent, { ...cron, ...change })).toEqual({ code, message });
  });

  it.each([
    ['no client id', { id: undefined }],
    ['no trigger', { rules: undefined }],
    ['an invalid cron rule', { rules: 'every day' }],
    ['no calendar', { calendar: undefined }],
    ['a webhook without its id', { webhook: { name: 'Hook', token: 'a-very-long-token-0123456789' } }],
  ])('args with %s are invalid', (_label, change) => {
    expect(createEvent.args.safeParse({ ...cron, ...change }).success).toBe(false);
  });
});

describe('event.update, event.setActive, event.delete', () => {
  it('recomputes the next fire time with the calendar it names', () => {
    const [write] = run(updateEvent, { id: 'evt-1', calendar: { id: 'cal-2' }, name: 'Tokyo' });
    expect(write).toEqual({
      collection: 'config',
      doc: { ...event, name: 'Tokyo', calendarId: 'cal-2', nextFireAt: nextFireAt('0 9 * * 1-5', 'Asia/Tokyo', new Date(NOW))!.getTime(), updatedAt: NOW },
    });
  });

  it('keeps the next fire time when neither rule nor calendar changes, and clears it when only the rule does', () => {
    expect(run(updateEvent, { id: 'evt-1', description: 'd' })[0]!.doc).toMatchObject({ description: 'd', nextFireAt: 123 });
    expect(run(updateEvent, { id: 'evt-1', rules: '0 10 * * *' })[0]!.doc).toMatchObject({ cronRule: '0 10 * * *', nextFireAt: null });
  });

  it('can swap the cron rule for a webhook', () => {
    const writes = run(updateEvent, { id: 'evt-1', rules: null, webhook: { id: 'whk-existing-1', name: 'Hook' } });
    expect(writes.map((w) => w.doc.id)).toEqual(['whk-existing-1', 'evt-1']);
    expect(writes[1]!.doc).toMatchObject({ cronRule: null, webhookId: 'whk-existing-1', nextFireAt: null });
  });

  it.each([
    ['an unknown event', { id: 'evt-none', name: 'x' }, 'not-found', 'Event not found'],
    ['an event of another app', { id: 'evt-1', appId: 'app-2', name: 'x' }, 'not-found', 'Event not found'],
    ['removing the only trigger', { id: 'evt-1', rules: null }, 'invalid-request', 'An event needs a cron rule or a webhook'],
    ['removing the webhook of a webhook-only event', { id: 'evt-hook', webhook: null }, 'invalid-request', 'An event needs a cron rule or a webhook'],
  ])('update refuses %s', (_label, args, code, message) => {
    expect(refusal(updateEvent, args)).toEqual({ code, message });
  });

  it('toggles isActive', () => {
    expect(run(setEventActive, { id: 'evt-1', isActive: false })).toEqual([{ collection: 'config', doc: { ...event, isActive: false, updatedAt: NOW } }]);
    expect(refusal(setEventActive, { id: 'evt-none', isActive: false }).code).toBe('not-found');
  });

  it('deletes with a tombstone, checking the app when given', () => {
    expect(run(deleteEvent, { id: 'evt-1', appId: 'app-1' })).toEqual([{ collection: 'config', doc: { ...event, deleted: true, isActive: false, updatedAt: NOW } }]);
    expect(refusal(deleteEvent, { id: 'evt-1', appId: 'app-2' })).toEqual({ code: 'not-found', message: 'Event not found' });
  });
});

describe('instance.retry', () => {
  it('puts a failed instance back to RUNNING, clears the error and counts the attempt', () => {
    for (const from of ['failed', 'start', undefined]) {
      expect(run(retryInstance, { id: 'ins-1', from })).toEqual([
        { collection: 'runs', doc: { ...failed, status: 'RUNNING', error: null, endDate: null, wakeAt: null, attempt: 4, updatedAt: NOW } },
      ]);
    }
  });

  it('refuses an instance that has not failed, or is unknown', () => {
    expect(refusal(retryInstance, { id: 'ins-2' })).toEqual({ code: 'not-failed', message: 'Only a failed instance can be retried (this one is RUNNING)' });
    expect(refusal(retryInstance, { id: 'ins-none' })).toEqual({ code: 'not-found', message: 'Instance not found' });
  });
});
