import { describe, expect, it } from 'vitest';
import { FRONTDESK_HTML } from '../../../server/db/seed/demoHtml.ts';
import { blocksToTemplate, parseTemplateBlocks } from '../../../src/domain/forms/templateBlocks.ts';
import { moveBlock, removeBlock, selectedOrAll, toggleSelection } from '../../../src/features/frontdesk/editor/blockList.ts';
import { isEmptyPreview, previewDocument } from '../../../src/features/frontdesk/editor/previewDocument.ts';
import { forceHttps, sanitizeTemplate } from '../../../src/ui/sanitizeTemplate.ts';

const parsed = parseTemplateBlocks(FRONTDESK_HTML);
const ids = (blocks: readonly { id: string }[]) => blocks.map((b) => b.id);

describe('the block list', () => {
  it.each([
    [0, 1, ['block-2', 'block-1', 'block-3', 'block-4', 'block-5', 'block-6']],
    [5, -1, ['block-1', 'block-2', 'block-3', 'block-4', 'block-6', 'block-5']],
    [0, -1, ['block-1', 'block-2', 'block-3', 'block-4', 'block-5', 'block-6']],
    [5, 1, ['block-1', 'block-2', 'block-3', 'block-4', 'block-5', 'block-6']],
  ])('moving block %d by %d gives %j', (index, delta, order) => {
    expect(ids(moveBlock(parsed.blocks, index, delta))).toEqual(order);
  });

  it('deleting a block drops exactly its source from the template', () => {
    const withoutEmail = blocksToTemplate(parsed, removeBlock(parsed.blocks, 'block-3'));
    expect(withoutEmail).toBe(FRONTDESK_HTML.replace('\n  <label>E-mail <input name="email" type="email" required></label>', ''));
  });

  it('Convert to Template, Preview Block and copy take the selected blocks, or all of them when none is selected', () => {
    expect(ids(selectedOrAll(parsed.blocks, new Set()))).toEqual(ids(parsed.blocks));
    const chosen = selectedOrAll(parsed.blocks, new Set(['block-6', 'block-1']));
    expect(blocksToTemplate(parsed, chosen)).toBe('<form id="claims-intake" class="fd-form">\n  <h2>Register a claim</h2>\n  <button type="submit">Send</button>\n</form>');
  });

  it('toggling a block selects it, then unselects it', () => {
    const once = toggleSelection(new Set(), 'block-2');
    expect([...once]).toEqual(['block-2']);
    expect([...toggleSelection(once, 'block-2')]).toEqual([]);
  });
});

describe('the preview', () => {
  const texts = { title: 'Template preview', emptyText: 'No content available for preview. Template appears to be empty.', lang: 'en' };

  it('an empty preview says exactly the spec words', () => {
    expect(isEmptyPreview(' \n')).toBe(true);
    expect(previewDocument('  ', texts)).toContain('<p class="empty">No content available for preview. Template appears to be empty.</p>');
  });

  it('the preview document lets nothing run, submit, frame or load from http', () => {
    const page = previewDocument('<p>x</p>', texts);
    expect(page).toContain(`content="default-src 'none'; img-src https: data: blob:; style-src 'unsafe-inline'; font-src https: data:; form-action 'none'; base-uri 'none'; frame-src 'none'"`);
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<body>'));
    expect(page).toContain('<body><p>x</p></body>');
  });

  it.each([
    ['http://cdn.example.test/a.png', 'https://cdn.example.test/a.png'],
    ['  HTTP://cdn.example.test/a.png', '  https://cdn.example.test/a.png'],
    ['//cdn.example.test/a.png', 'https://cdn.example.test/a.png'],
    ['https://cdn.example.test/a.png', 'https://cdn.example.test/a.png'],
    ['/forms/claims-intake', '/forms/claims-intake'],
    ['mailto:desk@example.test', 'mailto:desk@example.test'],
  ])('the address %s becomes %s', (url, forced) => {
    expect(forceHttps(url)).toBe(forced);
  });

  it('without a DOM to sanitise with, nothing is shown rather than the unsanitised template', () => {
    // Vitest runs in Node here (no jsdom): DOMPurify would hand the input back untouched.
    expect(sanitizeTemplate('<img src=x onerror="alert(1)"><p>x</p>')).toBe('');
  });
});
