import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRONTDESK_HTML } from '../../../server/db/seed/demoHtml.ts';
import { DesignerFrame } from '../../../src/features/frontdesk/editor/GraphicDesignerDialog.tsx';
import { GraphicBlocksEditor } from '../../../src/features/frontdesk/editor/GraphicBlocksEditor.tsx';
import { TemplateEditor } from '../../../src/features/frontdesk/editor/TemplateEditor.tsx';
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
/** The visible text, tags stripped and entities a test needs decoded. */
const text = (element: ReactElement) =>
  html(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const ignore = () => undefined;

describe('the template editor', () => {
  it('opens in Main Source: the template in a text area labelled Template, both modes offered', () => {
    const markup = html(<TemplateEditor value={FRONTDESK_HTML} onChange={ignore} designerUrl={null} />);
    expect(markup).toMatch(/<label for="([^"]+)"[^>]*>Template<\/label><textarea id="\1"/);
    expect(markup).toContain('&lt;h2&gt;Register a claim&lt;/h2&gt;');
    expect(text(<TemplateEditor value="" onChange={ignore} designerUrl={null} />)).toMatch(/Main Source .*Graphic editor/);
  });

  it.each([
    [null, false],
    ['https://designer.example.test/app', true],
  ])('shows the Graphic Designer (beta) button only when the workspace has a designer (%s)', (designerUrl, shown) => {
    expect(text(<TemplateEditor value="" onChange={ignore} designerUrl={designerUrl} />).includes('Graphic Designer (beta)')).toBe(shown);
  });

  it('in graphic mode lists one block per part of the form, each with its controls', () => {
    const words = text(<TemplateEditor value={FRONTDESK_HTML} onChange={ignore} designerUrl={null} initialMode="graphic" />);
    for (const label of ['Heading: Register a claim', 'Input: Your name (customerName)', 'Input: E-mail (email)', 'Text area: What happened? (description)', 'Buttons: Send']) {
      expect(words).toContain(label);
    }
    for (const action of ['Select All', 'Convert to Template', 'Preview Block', 'Copy to clipboard', 'Preview', '0 of 6 blocks selected']) {
      expect(words).toContain(action);
    }
    const markup = html(<GraphicBlocksEditor value={FRONTDESK_HTML} onChange={ignore} onConvert={ignore} />);
    expect(markup.match(/data-testid="template-block"/g)).toHaveLength(6);
    expect(markup).toContain('aria-label="Select block 2: Input: Your name (customerName)"');
    expect(markup).toContain('aria-label="Move block 6 down" disabled=""');
    expect(markup).toContain('aria-label="Move block 1 up" disabled=""');
  });

  it('an empty template has no blocks and says how to add some', () => {
    expect(text(<GraphicBlocksEditor value="" onChange={ignore} onConvert={ignore} />)).toContain('The template has no blocks yet: write it in Main Source.');
  });

  it('speaks Spanish when the reader does', async () => {
    await instance.changeLanguage('es');
    try {
      const words = text(<TemplateEditor value={FRONTDESK_HTML} onChange={ignore} designerUrl="https://designer.example.test" initialMode="graphic" />);
      expect(words).toContain('Código fuente');
      expect(words).toContain('Diseñador gráfico (beta)');
      expect(words).toContain('Entrada: Your name (customerName)');
      expect(words).toContain('Convertir en plantilla');
    } finally {
      await instance.changeLanguage('en');
    }
  });
});

describe('the Graphic Designer frame', () => {
  it('starts loading the designer site in a sandboxed frame 600 px high', () => {
    const markup = html(<DesignerFrame designerUrl="https://designer.example.test/app" template={FRONTDESK_HTML} onChange={ignore} />);
    expect(markup).toContain('data-state="loading"');
    expect(markup).toContain('Loading the Graphic Designer…');
    expect(markup).toMatch(/<iframe [^>]*src="https:\/\/designer\.example\.test\/app"/);
    expect(markup).toContain('sandbox="allow-scripts allow-same-origin allow-forms"');
    expect(markup).toContain('height:600px');
  });
});
