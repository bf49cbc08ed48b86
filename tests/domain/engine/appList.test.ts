import { describe, expect, it } from 'vitest';
import { APP_CARD_COLORS, appCardColor, appStatistics, businessCalendarOf, creatableEngines, groupAppsByEngine, matchesAppSearch, showsAppHistory } from '../../../src/domain/engine/appList.ts';
import { defaultEventName, defaultWebhookName } from '../../../src/domain/engine/eventRules.ts';

const app = (id: string, name: string, engineId: string, createdAt = 0) => ({ id, name, engineId, createdAt });

describe('app card colours (part 1 §9)', () => {
  it.each([
    [0, '#96AFD3'],
    [1, '#87A0B2'],
    [2, '#8796A7'],
    [3, '#868C9C'],
    [4, '#BFD3C1'],
    [5, '#BFD3C1'],
    [6, '#96AFD3'],
    [13, '#87A0B2'],
  ])('card %i is %s: the six colours cycle', (index, colour) => {
    expect(appCardColor(index)).toBe(colour);
  });

  it('has exactly the six colours of the spec, the last repeated as the spec gives it', () => {
    expect(APP_CARD_COLORS).toEqual(['#96AFD3', '#87A0B2', '#8796A7', '#868C9C', '#BFD3C1', '#BFD3C1']);
  });
});

describe('apps search and grouping (part 1 §2)', () => {
  it.each([
    ['claims', 'Claims intake', true],
    ['CLAIMS', 'Claims intake', true],
    ['  take ', 'Claims intake', true],
    ['', 'Anything', true],
    ['onboard', 'Claims intake', false],
  ])('search %j on %j matches: %s', (query, name, expected) => {
    expect(matchesAppSearch(name, query)).toBe(expected);
  });

  const engines = [
    { id: 'e2', name: 'Sandbox Engine' },
    { id: 'e1', name: 'Main Engine' },
  ];
  const apps = [app('a1', 'Onboarding', 'e1'), app('a2', 'Claims', 'e1'), app('a3', 'Inspections', 'e2'), app('a4', 'Orphan', 'gone')];

  it('groups by engine name, apps by name, an unknown engine last', () => {
    const groups = groupAppsByEngine(apps, engines, '');
    expect(groups.map((g) => [g.engineName, g.apps.map((a) => a.name)])).toEqual([
      ['Main Engine', ['Claims', 'Onboarding']],
      ['Sandbox Engine', ['Inspections']],
      [null, ['Orphan']],
    ]);
  });

  it('leaves out engines none of whose apps match the search', () => {
    const groups = groupAppsByEngine(apps, engines, 'INSP');
    expect(groups.map((g) => g.engineId)).toEqual(['e2']);
  });
});

describe('app statistics (part 1 §3)', () => {
  it('reads active days, instances and executed points, with 0 for what is missing or malformed', () => {
    expect(appStatistics({ active: 120, appsInstances: 7, executedPoints: 31 })).toEqual({ activeDays: 120, instances: 7, executed: 31 });
    expect(appStatistics({ active: 'x', appsInstances: -2 })).toEqual({ activeDays: 0, instances: 0, executed: 0 });
    expect(appStatistics(null)).toEqual({ activeDays: 0, instances: 0, executed: 0 });
  });

  it('offers App History only once the app has an instance', () => {
    expect(showsAppHistory({ appsInstances: 0 })).toBe(false);
    expect(showsAppHistory({ appsInstances: 1 })).toBe(true);
  });

  it('reads a calendar document as the scheduler does, dropping malformed entries', () => {
    expect(businessCalendarOf({ timeZone: 'UTC', workingWeekdays: [1, 2, 9, 'x'], holidays: ['2026-01-01', 3] })).toEqual({
      timeZone: 'UTC',
      workingWeekdays: [1, 2],
      holidays: ['2026-01-01'],
    });
  });
});

describe('event and webhook default names (part 1 §5)', () => {
  it("names an event 'Event-[EVENT_NAME]-{unix time}' and a webhook 'Webhook-{unix time}'", () => {
    expect(defaultEventName('[EVENT_NAME]', 1_767_225_600)).toBe('Event-[EVENT_NAME]-1767225600');
    expect(defaultWebhookName(1_767_225_600)).toBe('Webhook-1767225600');
  });
});

describe('engines a new app may go on (part 1 §5)', () => {
  const engines = [
    { id: 'main', isActive: true },
    { id: 'sandbox', isActive: true },
    { id: 'retired', isActive: false },
  ];
  const links = [
    { engineId: 'main', userId: 'agent' },
    { engineId: 'retired', userId: 'agent' },
  ];
  it('an administrator may use every active engine', () => {
    expect(creatableEngines(engines, links, 'admin', true).map((e) => e.id)).toEqual(['main', 'sandbox']);
  });
  it('anyone else only the active engines they are authorised on', () => {
    expect(creatableEngines(engines, links, 'agent', false).map((e) => e.id)).toEqual(['main']);
    expect(creatableEngines(engines, links, 'stranger', false)).toEqual([]);
  });
});
