import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { flowTraceRecord } from '../../../src/domain/traces/flowTrace.ts';
import { StageProgress } from '../../../src/features/traces/flow/StageProgress.tsx';
import { StatusCounts } from '../../../src/features/traces/flow/StatusCounts.tsx';
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

/** A run whose stages alternate success, waiting (a timer) and failed (an api stage). */
const run = (stageCount: number) =>
  flowTraceRecord(
    {
      id: 'inst-1',
      flowId: 'flow-1',
      workspaceId: 'ws-1',
      name: 'Run',
      updatedAt: 0,
      stageHistory: Array.from({ length: stageCount }, (_, i) => ({ stage: `step${i + 1}`, stage_type: i % 3 === 1 ? 'timer' : 'api', success: i % 3 === 0, parameters: {} })),
    },
    { id: 'flow-1', name: 'Claims', description: '' },
  );
const layoutOf = (markup: string) => /data-layout="([^"]+)"/.exec(markup)?.[1];
const dots = (markup: string) => markup.match(/<button/g)?.length ?? 0;

describe('the stage progress of a flow trace row (part 1 §9)', () => {
  it.each([
    [8, false, 'none'],
    [9, false, 'none-compact'],
    [12, true, 'full'],
    [13, true, 'short-compact'],
    [20, true, 'short-compact'],
    [21, true, 'none-compact'],
  ] as const)('%i stages, expanded %s, draws %s with one dot a stage', (count, expanded, layout) => {
    const markup = html(<StageProgress record={run(count)} expanded={expanded} onStage={() => undefined} />);
    expect(layoutOf(markup)).toBe(layout);
    expect(dots(markup)).toBe(count);
  });

  it('names each dot by its place, stage and status, and shows stage names only when expanded', () => {
    const collapsed = html(<StageProgress record={run(3)} expanded={false} onStage={() => undefined} />);
    expect(collapsed).toContain('aria-label="Stage 1 of 3: step1, SUCCESS"');
    expect(collapsed).toContain('aria-label="Stage 2 of 3: step2, WAITING"');
    expect(collapsed).toContain('aria-label="Stage 3 of 3: step3, FAILED"');
    expect(collapsed).not.toContain('>step1</span>');
    expect(html(<StageProgress record={run(3)} expanded onStage={() => undefined} />)).toContain('>step1</span>');
  });

  it('says so when a run has no stages yet', () => {
    expect(html(<StageProgress record={run(0)} expanded={false} onStage={() => undefined} />)).toContain('No stages yet');
  });

  it('reads the counts in Spanish too', async () => {
    await instance.changeLanguage('es');
    try {
      expect(html(<StatusCounts counts={{ success: 2, waiting: 1, failed: 0 }} />)).toContain('aria-label="2 correctas, 1 en espera, 0 fallidas"');
      expect(html(<StageProgress record={run(2)} expanded={false} onStage={() => undefined} />)).toContain('Etapa 2 de 2: step2, EN ESPERA');
    } finally {
      await instance.changeLanguage('en');
    }
  });
});
