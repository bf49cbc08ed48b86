import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseSeries } from '../../../../src/domain/dashboard/caseSeries.ts';
import { CaseDistributionTreemap } from '../../../../src/features/dashboard/charts/CaseDistributionTreemap.tsx';
import { CaseFlowCharts } from '../../../../src/features/dashboard/charts/CaseFlowCharts.tsx';
import { CaseStatesPie } from '../../../../src/features/dashboard/charts/CaseStatesPie.tsx';
import { ResolutionTimeCard } from '../../../../src/features/dashboard/charts/ResolutionTimeCard.tsx';
import { dashboardEn } from '../../../../src/i18n/dashboard.en.ts';
import { dashboardChartsEn } from '../../../../src/i18n/dashboardCharts.en.ts';
import { dashboardEs } from '../../../../src/i18n/dashboard.es.ts';
import { dashboardChartsEs } from '../../../../src/i18n/dashboardCharts.es.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: {
      en: { translation: { dashboard: dashboardEn, dashboardCharts: dashboardChartsEn } },
      es: { translation: { dashboard: dashboardEs, dashboardCharts: dashboardChartsEs } },
    },
  });
});

/** The card as its first render writes it (the charts themselves load later, in the browser). */
const html = (element: ReactElement) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const DAY = 86_400_000;
const zeros = (n: number) => new Array<number>(n).fill(0);
function flat(values: { created?: number[]; closed?: number[]; active?: number[] }): CaseSeries {
  return {
    period: 'Week',
    bucket: 'day',
    starts: zeros(7).map((_, i) => Date.UTC(2026, 10, 20) + i * DAY),
    created: values.created ?? zeros(7),
    closed: values.closed ?? zeros(7),
    active: values.active ?? zeros(7),
    previous: { created: zeros(7), closed: zeros(7), active: zeros(7) },
    chartFrom: 0,
  };
}
const noop = () => undefined;

describe('the chart cards’ empty texts (part 1 §2, §8)', () => {
  it('an empty workspace shows the three flow empties and no chart', () => {
    const out = text(html(<CaseFlowCharts series={flat({})} timespan={2} empty />));
    expect(out).toContain('No new cases created!');
    expect(out).toContain('No closed cases!');
    expect(out).toContain('No active cases!');
    expect(out).not.toContain('View as table');
  });

  it('each flow metric with only zeros shows its own empty, the others their Peak, Average and Total', () => {
    const out = html(<CaseFlowCharts series={flat({ created: [0, 0, 1, 0, 2, 0, 0], active: [1, 1, 2, 2, 4, 4, 4] })} timespan={2} empty={false} />);
    expect(text(out)).toContain('No closed cases!');
    expect(text(out)).not.toContain('No new cases created!');
    expect(out).toMatch(/data-metric="created".*data-field="peak">2</s);
    expect(out).toMatch(/data-metric="created".*data-field="total">3</s);
    expect(out).toMatch(/data-metric="active".*data-field="total">4</s);
  });

  it('a treemap whose slices are all zero says there is no data; a sample is labelled as one', () => {
    const zero = [{ id: 't1', name: 'Claims', count: 0 }];
    expect(text(html(<CaseDistributionTreemap types={zero} statesOf={() => []} sample={false} drillable drilledTypeId={null} onDrill={noop} />))).toContain('No data available for chart');
    const sample = html(<CaseDistributionTreemap types={[{ id: 's1', name: 'Sample type 1', count: 12 }]} statesOf={() => []} sample drillable={false} drilledTypeId={null} onDrill={noop} />);
    expect(text(sample)).toContain('Sample data');
    expect(text(sample)).toContain('not real ones');
    // Zero-count slices are left out of a drawn treemap and its list.
    const some = html(<CaseDistributionTreemap types={[{ id: 'a', name: 'A', count: 3 }, { id: 'b', name: 'B', count: 0 }]} statesOf={() => []} sample={false} drillable drilledTypeId={null} onDrill={noop} />);
    expect(some).toContain('data-slice-id="a"');
    expect(some).not.toContain('data-slice-id="b"');
  });

  it('a drilled type without states says so and offers the way back', () => {
    const out = text(html(<CaseDistributionTreemap types={[{ id: 'a', name: 'A', count: 3 }]} statesOf={() => []} sample={false} drillable drilledTypeId="a" onDrill={noop} />));
    expect(out).toContain('No case states found for this type');
    expect(out).toContain('Back to all types');
  });

  it('the pie says when there are no types, no states, or no cases in them, and gives shares to one decimal', () => {
    expect(text(html(<CaseStatesPie types={[]} statesOf={() => []} selectedTypeId={null} onSelectType={noop} />))).toContain('No case types found');
    const types = [{ id: 'a', name: 'A', count: 0 }];
    expect(text(html(<CaseStatesPie types={types} statesOf={() => []} selectedTypeId={null} onSelectType={noop} />))).toContain('No case states found for this type');
    expect(text(html(<CaseStatesPie types={types} statesOf={() => [{ id: 's', name: 'S', count: 0 }]} selectedTypeId={null} onSelectType={noop} />))).toContain('No case states available');
    const three = [
      { id: 'x', name: 'X', count: 1 },
      { id: 'y', name: 'Y', count: 1 },
      { id: 'z', name: 'Z', count: 1 },
    ];
    const out = html(<CaseStatesPie types={[{ id: 'a', name: 'A', count: 3 }]} statesOf={() => three} selectedTypeId={null} onSelectType={noop} />);
    expect(out.match(/data-field="percent" data-value="33.3">33.3%</g)).toHaveLength(3);
  });

  it('the resolution card computes nothing until asked', () => {
    let asked = 0;
    const out = text(html(<ResolutionTimeCard compute={() => (asked++, { starts: [], closed: [], averageHours: [] })} caseTypeName="Claims" />));
    expect(out).toContain('Show resolution times');
    expect(out).toContain('Resolution time · Claims');
    expect(asked).toBe(0);
  });

  it('Spanish is complete for the empties', async () => {
    await i18n.changeLanguage('es');
    const out = text(html(<CaseFlowCharts series={flat({})} timespan={2} empty />));
    expect(out).toContain('¡No se crearon casos nuevos!');
    expect(text(html(<CaseStatesPie types={[]} statesOf={() => []} selectedTypeId={null} onSelectType={noop} />))).toContain('No se encontraron tipos de caso');
    await i18n.changeLanguage('en');
  });
});
