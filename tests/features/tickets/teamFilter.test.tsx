import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamDoc } from '../../../src/domain/sync/documents.gen.ts';
import { TeamFilter } from '../../../src/features/tickets/TeamFilter.tsx';
import { TEAM_FILTER_BUTTON_CLASS } from '../../../src/features/tickets/TeamFilterTrigger.tsx';
import { en } from '../../../src/i18n/en.ts';

let instance: i18n;
beforeAll(async () => {
  instance = i18next.createInstance();
  await instance.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
const html = (element: ReactElement) => renderToStaticMarkup(<I18nextProvider i18n={instance}>{element}</I18nextProvider>);

const teams = [
  { id: 'team-a', name: 'Claims Desk' },
  { id: 'team-b', name: 'Back Office' },
] as unknown as TeamDoc[];
const ignore = () => undefined;

describe('the team filter before its listbox is loaded', () => {
  it.each([
    { selected: new Set<string>(), shown: 'All teams' },
    { selected: new Set(['team-b']), shown: 'Back Office' },
    { selected: new Set(['team-a', 'team-b']), shown: '2 teams' },
  ])('stands in with the listbox button’s test id, look and popup, named Teams then “$shown”', ({ selected, shown }) => {
    const markup = html(<TeamFilter teams={teams} selected={selected} onChange={ignore} />);
    const button = /<button ([^>]*)>(.*?)<\/button>/.exec(markup);
    expect(button).not.toBeNull();
    const attributes = button![1]!;
    expect(attributes).toContain('data-testid="team-filter"');
    expect(attributes).toContain('aria-haspopup="listbox"');
    expect(attributes).toContain('aria-expanded="false"');
    expect(attributes).toContain(`class="${TEAM_FILTER_BUTTON_CLASS}"`);
    const [labelId, buttonId] = /aria-labelledby="([^" ]+) ([^"]+)"/.exec(attributes)!.slice(1);
    expect(attributes).toContain(`id="${buttonId}"`);
    expect(markup).toContain(`<span id="${labelId}" class="sr-only">Teams</span>`);
    expect(button![2]).toContain(`<span>${shown}</span>`);
  });
});
