import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { humanStats, noLights, type HumanStats, type TeamDashboard } from '../../../src/domain/dashboard/ticketHealth.ts';
import type { HumanCardData, TeamCardData } from '../../../src/features/dashboard/main/dashboardTypes.ts';
import { HumansStatusCard } from '../../../src/features/dashboard/people/HumansStatusCard.tsx';
import { TeamsStatusCard } from '../../../src/features/dashboard/people/TeamsStatusCard.tsx';
import { en } from '../../../src/i18n/en.ts';
import { es } from '../../../src/i18n/es.ts';
import { featuresEn } from '../../../src/i18n/features.en.ts';
import { featuresEs } from '../../../src/i18n/features.es.ts';

let instance: i18n;
beforeAll(async () => {
  instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: { ...en, ...featuresEn } }, es: { translation: { ...es, ...featuresEs } } },
    interpolation: { escapeValue: false },
  });
});
const html = (element: ReactElement) => renderToStaticMarkup(<I18nextProvider i18n={instance}>{element}</I18nextProvider>);
/** The visible text, tags stripped. */
const text = (element: ReactElement) => html(element).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const lights = (green: number, yellow: number, red: number) => ({ total: green + yellow + red, green, yellow, red });
const team = (id: string, over: Partial<TeamDashboard> = {}): TeamCardData => ({
  id,
  name: `Team ${id}`,
  color: 'color2',
  dashboard: { teamId: id, assigned: 0, pending: 0, assignedBreakdown: noLights(), unassignedBreakdown: noLights(), workloadPercentage: 0, urgent: false, health: 'healthy', ...over },
});
const stats = (memberId: string, over: Partial<HumanStats> = {}): HumanStats => ({ ...humanStats(memberId, [], () => null, 0), ...over });
const human = (id: string, over: Partial<HumanStats> = {}): HumanCardData => ({ id, name: `Human ${id}`, email: `${id}@example.test`, stats: stats(id, over), teamNames: new Map([['t1', 'Claims']]) });

describe('the Teams status card', () => {
  it.each([
    [false, 'Teams Tickets Status'],
    [true, 'My Teams Status'],
  ])('is titled by the viewer (mine %s: %s)', (mine, title) => {
    expect(html(<TeamsStatusCard mine={mine} state="ready" teams={[team('a')]} />)).toContain(`>${title}</h2>`);
  });
  it.each([
    ['loading', [], 'Loading team tickets…'],
    ['error', [team('a')], 'Unable to load team tickets data'],
    ['ready', [], 'No teams configured'],
  ] as const)('in state %s says so', (state, teams, words) => {
    const out = text(<TeamsStatusCard mine={false} state={state} teams={[...teams]} />);
    expect(out).toContain(words);
    expect(out).not.toContain('Overall');
  });
  it('totals the teams by health, names the worst, and shows the urgent badge and workload', () => {
    const teams = [team('a'), team('b', { health: 'warning' }), team('c', { health: 'critical', urgent: true, unassignedBreakdown: lights(1, 2, 3), workloadPercentage: 40 })];
    const out = html(<TeamsStatusCard mine={false} state="ready" teams={teams} />);
    expect(out).toMatch(/data-field="healthy"[^>]*>1</);
    expect(out).toMatch(/data-field="critical"[^>]*>1</);
    expect(out).toContain('Overall: Critical');
    expect(out.match(/Alert unassigned tickets/g)).toHaveLength(1);
    expect(out).toMatch(/data-field="unassigned-red"[^>]*>3</);
    expect(out).toContain('role="progressbar" aria-label="Workload of Team c" aria-valuemin="0" aria-valuemax="100" aria-valuenow="40"');
  });
});

describe('the Humans status card', () => {
  it.each([
    [false, 2, 'Humans Status'],
    [true, 2, 'My Performance'],
    [false, 1, 'My Performance'],
  ])('mine %s with %i humans is titled %s', (mine, count, title) => {
    const humans = [human('a'), human('b')].slice(0, count);
    expect(html(<HumansStatusCard mine={mine} state="ready" humans={humans} />)).toContain(`>${title}</h2>`);
  });
  it('on failure gives the spec’s text and its fallback line', () => {
    const out = text(<HumansStatusCard mine={false} state="error" humans={[]} />);
    expect(out).toContain('Unable to load humans status data');
    expect(out).toContain('The humans API is currently unavailable');
  });
  it.each([
    ['loading', false, 'Loading humans status…'],
    ['ready', false, 'No humans in these teams yet'],
    ['ready', true, 'You are not a member of any team yet'],
  ] as const)('in state %s (mine %s) says “%s”', (state, mine, words) => {
    expect(text(<HumansStatusCard mine={mine} state={state} humans={[]} />)).toContain(words);
  });
  it('shows a human without tickets as No Rating, without a score', () => {
    const out = text(<HumansStatusCard mine={false} state="ready" humans={[human('a'), human('b')]} />);
    expect(out).toContain('No Rating');
    expect(out).not.toContain('%');
    expect(out).toContain('Performance: Healthy');
  });
  it('lists the alerted human first with the badge, a critical Performance and the team names of the breakdown', () => {
    const red = human('r', {
      summary: { totalTickets: 4, lightIndicators: { green: 1, yellow: 0, red: 3 }, performanceScore: 25, scoreCategory: 'critical' },
      teamBreakdown: [{ teamId: 't1', tickets: lights(1, 0, 3) }],
      health: 'critical',
      alerted: true,
    });
    const out = html(<HumansStatusCard mine={false} state="ready" humans={[human('a'), red]} />);
    expect(out.indexOf('data-member-id="r"')).toBeLessThan(out.indexOf('data-member-id="a"'));
    expect(out).toContain('High red ticket count');
    expect(out).toContain('Performance: Critical');
    expect(out).toContain('>Claims<');
    expect(out).toMatch(/data-field="score"[^>]*>25%</);
  });
  it('folds past eight humans behind “Show all (N)”', () => {
    const many = Array.from({ length: 12 }, (_, i) => human(`h${String(i).padStart(2, '0')}`));
    const out = html(<HumansStatusCard mine={false} state="ready" humans={many} />);
    expect(out.match(/data-member-id=/g)).toHaveLength(8);
    expect(out).toContain('Show all (12)');
    expect(out).toContain('aria-expanded="false"');
  });
  it('speaks Spanish completely', async () => {
    await instance.changeLanguage('es');
    try {
      const out = text(<HumansStatusCard mine={false} state="error" humans={[]} />);
      expect(out).toContain('No se pudieron cargar los datos de las personas');
    } finally {
      await instance.changeLanguage('en');
    }
  });
});
