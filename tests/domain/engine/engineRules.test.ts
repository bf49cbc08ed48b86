import { describe, expect, it } from 'vitest';
import { canGenerateToken, cronRuleProblem, defaultEventName, defaultWebhookName, isBusinessDay } from '../../../src/domain/engine/eventRules.ts';
import { conditionHolds, flowGraphProblems, nextStageKey, type FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import { instanceStatusLook, stageDisplayLabel, stageDisplayStatus } from '../../../src/domain/engine/instanceStatus.ts';
import { createEventBodySchema, instancesQuerySchema } from '../../../src/domain/engine/schemas.ts';

describe('instance statuses and stage display (part 1 §4)', () => {
  it.each([
    ['UNPROCESSED', 'grey', 1],
    ['RUNNING', 'yellow', 1],
    ['PROGRESS', 'yellow', 1],
    ['DONE', 'blue-grey', 1],
    ['COMPLETED', 'green', 1],
    ['ERROR', 'red', 1],
    ['DELETED', 'grey', 0.2],
    ['SOMETHING-NEW', 'grey', 0.2],
  ])('%s looks %s at opacity %s', (status, color, opacity) => {
    expect(instanceStatusLook(status)).toEqual({ color, opacity });
  });

  it.each([
    ['timer', false, 'waiting'],
    ['human-interface', false, 'waiting'],
    ['api', false, 'failed'],
    ['timer', true, 'success'],
    ['script', true, 'success'],
  ] as const)('a %s stage with success=%s is %s', (stage_type, success, expected) => {
    expect(stageDisplayStatus({ stage_type, success })).toBe(expected);
  });

  it('labels are WAITING, SUCCESS, FAILED, else UNKNOWN', () => {
    expect(['waiting', 'success', 'failed', 'odd'].map(stageDisplayLabel)).toEqual(['WAITING', 'SUCCESS', 'FAILED', 'UNKNOWN']);
  });
});

describe('event rules (part 1 §5)', () => {
  it('default names carry the unix time', () => {
    expect(defaultEventName('Claims', 1700000000)).toBe('Event-Claims-1700000000');
    expect(defaultWebhookName(1700000000)).toBe('Webhook-1700000000');
  });
  it.each([['', false], ['abc', false], ['abcd', true]])('passphrase %j enables Generate Token: %s', (passphrase, enabled) => {
    expect(canGenerateToken(passphrase)).toBe(enabled);
  });
  it('cron rules are checked by croner', () => {
    expect(cronRuleProblem('0 9 * * 1-5')).toBeNull();
    expect(cronRuleProblem('61 * * * *')).toMatch(/.+/);
  });
  it('business days are read in the calendar zone: 03:00 UTC Monday is still Sunday in Mexico City', () => {
    const calendar = { timeZone: 'America/Mexico_City', workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2031-01-01'] };
    expect(isBusinessDay(new Date('2031-01-06T03:00:00Z'), calendar)).toBe(false);
    expect(isBusinessDay(new Date('2031-01-06T15:00:00Z'), calendar)).toBe(true);
    expect(isBusinessDay(new Date('2031-01-01T15:00:00Z'), calendar)).toBe(false);
  });
  it('an event needs a cron rule or a webhook, and a calendar', () => {
    expect(createEventBodySchema.safeParse({ appId: 'a', name: 'E', calendar: { id: 'c' } }).success).toBe(false);
    expect(createEventBodySchema.safeParse({ appId: 'a', name: 'E', rules: '0 9 * * *' }).success).toBe(false);
    expect(createEventBodySchema.safeParse({ appId: 'a', name: 'E', rules: '0 9 * * *', calendar: { id: 'c' } }).success).toBe(true);
  });
  it('the instance history filter takes a comma list and refuses unknown statuses', () => {
    expect(instancesQuerySchema.parse({ status: 'RUNNING,ERROR' }).status).toEqual(['RUNNING', 'ERROR']);
    expect(instancesQuerySchema.safeParse({ status: 'NOPE' }).success).toBe(false);
  });
});

describe('flow graphs and transitions', () => {
  const s = (key: string, nodeType: FlowStage['nodeType'], transitions: FlowStage['transitions'] = [], config = {}): FlowStage => ({ key, name: key, nodeType, config, transitions });

  it('the first transition whose condition holds is taken; none holding is undefined; no transitions is null', () => {
    const review = s('review', 'script', [{ to: 'visit', when: { '>': [{ var: 'amount' }, 1000] } }, { to: 'notify', when: { '==': [{ var: 'decision' }, 'ok'] } }]);
    expect(nextStageKey(review, { amount: 5000 })).toBe('visit');
    expect(nextStageKey(review, { amount: 10, decision: 'ok' })).toBe('notify');
    expect(nextStageKey(review, { amount: 10 })).toBeUndefined();
    expect(nextStageKey(s('end', 'end'), {})).toBeNull();
  });

  it('the JSON Logic "method" operation is not available (it would reach Function)', () => {
    const attack = { method: [{ method: ['', 'constructor'] }, 'constructor', ['return 1']] };
    expect(conditionHolds(attack, {})).toBe(false);
  });

  it('structural problems are named', () => {
    expect(flowGraphProblems([])).toEqual([]);
    expect(flowGraphProblems([s('a', 'script', [{ to: 'b' }]), s('a', 'end', [{ to: 'a' }]), s('h', 'human-interface')])).toEqual([
      "Stage key 'a' is used twice",
      'A flow needs exactly one start stage (found 0)',
      "Stage 'a' goes to unknown stage 'b'",
      "End stage 'a' cannot have transitions",
      "Human-interface stage 'h' needs a teamId in its config",
    ]);
  });
});
