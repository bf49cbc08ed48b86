import { describe, expect, it } from 'vitest';
import {
  canSaveTemplate,
  createTemplateArgs,
  createTemplateBody,
  nodeTypeLabel,
  nodeTypeTone,
  parseConfigText,
  TEMPLATE_MESSAGES,
  TEMPLATE_NODE_TYPES,
  templateTextFor,
} from '../../../src/domain/templates/templateRules.ts';
import { builderPathOf, TEMPLATE_SEARCH_DEBOUNCE_MS, TEMPLATES_PAGE_SIZE, validateTemplatesSearch, visibleTemplates } from '../../../src/domain/templates/templateViews.ts';

const draft = { id: 'tpl-1', name: 'Review', caseTypeId: 'ct-1', nodeType: 'email', description: 'Mails', configText: '{"general":{}}' };

describe('node template save rules (part 2 §5)', () => {
  it.each([
    ['everything set', {}, true],
    ['no name', { name: ' ' }, false],
    ['no case type', { caseTypeId: '' }, false],
    ['no description', { description: '' }, false],
    ['no node type', { nodeType: null }, false],
    ['config not JSON', { configText: '{"general":' }, false],
    ['config a list', { configText: '[1]' }, false],
    ['config empty', { configText: '' }, false],
  ])('create with %s → %s', (_label, change, expected) => {
    expect(canSaveTemplate('create', { ...draft, ...change })).toBe(expected);
  });

  it('edit also needs the id; create does not', () => {
    expect(canSaveTemplate('create', { ...draft, id: null })).toBe(true);
    expect(canSaveTemplate('edit', { ...draft, id: null })).toBe(false);
    expect(canSaveTemplate('edit', draft)).toBe(true);
  });

  it.each([
    ['{"a":1}', { ok: true, value: { a: 1 } }],
    ['  ', { ok: false, reason: 'empty' }],
    ['{a:1}', { ok: false, reason: 'invalid' }],
    ['"text"', { ok: false, reason: 'not-object' }],
    ['null', { ok: false, reason: 'not-object' }],
  ])('config text %s parses to %j', (text, expected) => {
    expect(parseConfigText(text)).toEqual(expected);
  });

  it("the template is 'EMPTY' unless the type is human-interface", () => {
    expect(templateTextFor('email', '<p>x</p>')).toBe('EMPTY');
    expect(templateTextFor('human-interface', '<p>x</p>')).toBe('<p>x</p>');
    expect(templateTextFor('human-interface', '')).toBe('EMPTY');
    expect(templateTextFor('human-interface', null)).toBe('EMPTY');
  });

  it('the node types have the spec labels and a chip colour each', () => {
    expect(TEMPLATE_NODE_TYPES.map(nodeTypeLabel)).toEqual(['Start', 'Human Interface', 'Email', 'API Service', 'Script', 'Timer', 'End']);
    expect(new Set(TEMPLATE_NODE_TYPES.map(nodeTypeTone)).size).toBeGreaterThan(3);
    expect(nodeTypeLabel('unknown')).toBe('unknown');
  });

  it('the shared schemas refuse a config that is not an object and accept JSON text in a REST body', () => {
    const args = { id: 'tpl-12345678', name: 'n', caseTypeId: 'ct-1', nodeType: 'api', description: 'd', config: { a: 1 }, template: null };
    expect(createTemplateArgs.safeParse(args).success).toBe(true);
    expect(createTemplateArgs.safeParse({ ...args, config: [1] }).success).toBe(false);
    expect(createTemplateArgs.safeParse({ ...args, config: '{"a":1}' }).success).toBe(false);
    const rest = createTemplateBody.safeParse({ name: 'n', case_type: 'ct-1', node_type: 'api', description: 'd', config: '{"a":1}' });
    expect(rest.success && rest.data.config).toEqual({ a: 1 });
    expect(createTemplateBody.safeParse({ name: 'n', case_type: 'ct-1', node_type: 'api', description: 'd', config: '{' }).success).toBe(false);
  });

  it('the spec messages are kept as written (§8)', () => {
    expect(TEMPLATE_MESSAGES).toMatchObject({ created: 'Template created!', edited: 'Template edited successfully!', refreshed: 'Templates refreshed!', empty: 'No templates found.' });
  });
});

describe('builder list rules (part 2 §2, §5, §9)', () => {
  const tpl = (id: string, createdAt: number, nodeType = 'email') => ({ id, caseTypeId: 'ct', createdAt, nodeType });
  const all = [tpl('tpl-Alpha', 1), tpl('tpl-beta', 3), tpl('tpl-gamma', 2)];

  it('searches the Node ID as a case-insensitive substring, newest first', () => {
    expect(visibleTemplates(all, undefined).map((t) => t.id)).toEqual(['tpl-beta', 'tpl-gamma', 'tpl-Alpha']);
    expect(visibleTemplates(all, 'ALPHA').map((t) => t.id)).toEqual(['tpl-Alpha']);
    expect(visibleTemplates(all, ' a ').map((t) => t.id)).toEqual(['tpl-beta', 'tpl-gamma', 'tpl-Alpha']);
    expect(visibleTemplates(all, 'zzz')).toEqual([]);
  });

  it('keeps only a search text and a page from the URL', () => {
    expect(validateTemplatesSearch({ q: ' demo ', page: '2', other: 'x' })).toEqual({ q: 'demo', page: 2 });
    expect(validateTemplatesSearch({ q: '', page: -1 })).toEqual({});
  });

  it('only a human-interface row opens the builder', () => {
    expect(builderPathOf(tpl('tpl-demo-x', 1, 'human-interface'))).toBe('/builder/tpl-demo-x/create');
    expect(builderPathOf(tpl('tpl-demo-x', 1, 'email'))).toBeNull();
  });

  it('pages hold 10 rows and the search waits 700 ms', () => {
    expect(TEMPLATES_PAGE_SIZE).toBe(10);
    expect(TEMPLATE_SEARCH_DEBOUNCE_MS).toBe(700);
  });
});
