import { describe, expect, it } from 'vitest';
import * as seededHtml from '../../../server/db/seed/demoHtml.ts';
import { FRONTDESK_HTML } from '../../../server/db/seed/demoHtml.ts';
import { blocksToTemplate, parseTemplateBlocks, withBlockSource } from '../../../src/domain/forms/templateBlocks.ts';
import { createRandom, type Random } from '../../../src/domain/random.ts';

const roundTrip = (template: string) => blocksToTemplate(parseTemplateBlocks(template));
const sources = (template: string) => parseTemplateBlocks(template).blocks.map((b) => b.source);
const labels = (template: string) => parseTemplateBlocks(template).blocks.map((b) => `${b.kind}|${b.label}`);

describe('the seeded templates', () => {
  it('the front desk form splits into its heading, four fields and its button inside the form frame', () => {
    const parsed = parseTemplateBlocks(FRONTDESK_HTML);
    expect(parsed.before).toBe('<form id="claims-intake" class="fd-form">');
    expect(parsed.after).toBe('\n</form>');
    expect(parsed.blocks.map((b) => `${b.kind}|${b.label}`)).toEqual([
      'heading|Heading: Register a claim',
      'field|Input: Your name (customerName)',
      'field|Input: E-mail (email)',
      'field|Input: Policy number (policyNumber)',
      'field|Text area: What happened? (description)',
      'button|Buttons: Send',
    ]);
    expect(parsed.blocks.map((b) => b.id)).toEqual(['block-1', 'block-2', 'block-3', 'block-4', 'block-5', 'block-6']);
  });

  it.each(Object.entries(seededHtml))('%s is rebuilt byte for byte', (_name, template) => {
    expect(parseTemplateBlocks(template).blocks.length).toBeGreaterThan(0);
    expect(roundTrip(template)).toBe(template);
  });

  it("a select's label is the text before it, not its options", () => {
    expect(labels(seededHtml.CLAIM_REVIEW_HTML)).toContain('field|Select: Decision (decision)');
    expect(labels(seededHtml.INSPECTION_HTML)).toContain('field|Checkbox: Photos taken (photos)');
  });

  it('a row of buttons is one button block named by its captions', () => {
    expect(labels(seededHtml.VERIFY_HTML).at(-1)).toBe('button|Buttons: Save, Submit');
  });

  it('blocks reordered and rebuilt keep the frame and every byte of each block', () => {
    const parsed = parseTemplateBlocks(FRONTDESK_HTML);
    const reversed = [...parsed.blocks].reverse();
    const rebuilt = blocksToTemplate(parsed, reversed);
    expect(rebuilt.startsWith('<form id="claims-intake" class="fd-form">\n  <button type="submit">Send</button>\n  <label>What happened?')).toBe(true);
    expect(rebuilt.endsWith('<h2>Register a claim</h2>\n</form>')).toBe(true);
    expect(rebuilt.length).toBe(FRONTDESK_HTML.length);
  });
});

describe('templates of every shape', () => {
  it.each([
    ['empty', ''],
    ['only whitespace', ' \n\t '],
  ])('an %s template has no blocks and is kept as it was', (_name, template) => {
    expect(parseTemplateBlocks(template).blocks).toEqual([]);
    expect(roundTrip(template)).toBe(template);
  });

  it('nested tags of the same name stay in one block', () => {
    const template = '<div><div><span>a</span></div><div>b</div></div>\n<div>c</div>';
    expect(sources(template)).toEqual(['<div><div><span>a</span></div><div>b</div></div>', '\n<div>c</div>']);
  });

  it('comments are blocks of their own and may hold tags', () => {
    const template = '<!-- <div> not a tag --><p>x</p><!---->';
    expect(labels(template)).toEqual(['html|Comment: <div> not a tag', 'text|Text: x', 'html|Comment']);
    expect(roundTrip(template)).toBe(template);
  });

  it('void and self-closing elements are whole blocks without an end tag', () => {
    const template = '<img src="a.png">\n<br>\n<hr/>\n<input name="q" />\n<custom-widget/>';
    expect(sources(template)).toEqual(['<img src="a.png">', '\n<br>', '\n<hr/>', '\n<input name="q" />', '\n<custom-widget/>']);
    expect(labels(template)[3]).toBe('field|Input: (q)');
  });

  it("a '>' inside a quoted attribute does not end the tag", () => {
    const template = `<div title="a > b" data-x='c>d'>in</div><p>out</p>`;
    expect(sources(template)).toEqual([`<div title="a > b" data-x='c>d'>in</div>`, '<p>out</p>']);
    expect(labels(template)[0]).toBe('html|Element <div>: in');
  });

  it('runs of text are blocks, their surrounding whitespace kept between the blocks', () => {
    const template = '  Hello &amp; welcome\n<h1>Title</h1>\n  closing words  \n';
    const parsed = parseTemplateBlocks(template);
    expect(parsed.blocks.map((b) => b.source)).toEqual(['  Hello &amp; welcome', '\n<h1>Title</h1>', '\n  closing words']);
    expect(parsed.blocks.map((b) => b.label)).toEqual(['Text: Hello & welcome', 'Heading: Title', 'Text: closing words']);
    expect(parsed.after).toBe('  \n');
  });

  it("scripts and styles are raw text: a '</div>' inside them does not close anything", () => {
    const template = '<script>if (a < b) document.write("</div>")</script><style>p > a { color: red }</style><p>x</p>';
    expect(sources(template)).toEqual(['<script>if (a < b) document.write("</div>")</script>', '<style>p > a { color: red }</style>', '<p>x</p>']);
    expect(labels(template)[0]).toBe('html|Element <script>');
  });

  it('a form that is not the only element is a block like any other', () => {
    const template = '<h1>Intro</h1><form><input name="a"></form>';
    expect(labels(template)).toEqual(['heading|Heading: Intro', 'field|Input: (a)']);
    expect(parseTemplateBlocks(template).before).toBe('');
  });

  it('whitespace around the form wrapper stays in the frame', () => {
    const template = '\n<form>\n <p>a</p>\n</form>\n';
    const parsed = parseTemplateBlocks(template);
    expect([parsed.before, ...parsed.blocks.map((b) => b.source), parsed.after]).toEqual(['\n<form>', '\n <p>a</p>', '\n</form>\n']);
  });

  it.each([
    ['an unclosed element', '<div><p>never closed'],
    ['a stray end tag', '</span>text<div>x</div>'],
    ['a tag cut short', '<div class="a'],
    ['a lone angle bracket', 'a < b and c > d'],
    ['a doctype and processing instruction', '<!doctype html><?xml version="1.0"?><html><body>x</body></html>'],
    ['upper-case tags', '<DIV><P>x</p></div>'],
    ['an unterminated comment', '<p>a</p><!-- runs on'],
  ])('%s is still rebuilt byte for byte', (_name, template) => {
    expect(roundTrip(template)).toBe(template);
  });

  it('a block edited by hand takes the kind and label of its new source', () => {
    const [heading] = parseTemplateBlocks(FRONTDESK_HTML).blocks;
    if (heading === undefined) throw new Error('no block');
    const edited = withBlockSource(heading, '\n  <label>Phone <input name="phone" type="tel"></label>');
    expect(edited).toMatchObject({ id: heading.id, kind: 'field', label: 'Input: Phone (phone)' });
    expect(withBlockSource(heading, '<p>a</p><p>b</p>')).toMatchObject({ id: heading.id, kind: 'html', source: '<p>a</p><p>b</p>' });
  });
});

/** A random, well formed piece of a template; `top` pieces are never bare whitespace. */
function randomNode(random: Random, depth: number): string {
  const words = ['Name', 'E-mail', 'a &amp; b', 'x > y', '¿Qué?', 'Send'];
  const attribute = () => random.pick([' class="row"', ` title="a > b"`, ` data-v='<x>'`, ' required', ' name=plain', ` alt=""`]);
  const choice = random.int(0, depth > 2 ? 3 : 7);
  switch (choice) {
    case 0:
      return random.pick(words);
    case 1:
      return `<!--${random.pick([' note ', '<div>', ''])}-->`;
    case 2:
      return `<${random.pick(['input', 'br', 'img', 'hr'])}${attribute()}${random.pick(['', '/', ' /'])}>`;
    case 3:
      return `<textarea${attribute()}>${random.pick(['', '</p> <b>', 'text'])}</textarea>`;
    default: {
      const tag = random.pick(['div', 'p', 'label', 'section', 'h2', 'button', 'span', 'select']);
      const children = Array.from({ length: random.int(0, 3) }, () => random.pick(['', '\n  ', ' ']) + randomNode(random, depth + 1));
      return `<${tag}${attribute()}>${children.join('')}</${tag}>`;
    }
  }
}

function randomTemplate(random: Random): { template: string; count: number } {
  const nodes: string[] = [];
  for (let i = random.int(0, 6); i > 0; i--) {
    const node = randomNode(random, 0);
    // Two texts side by side are one run of text: keep them apart so the count below holds.
    if (!node.startsWith('<') && nodes.length > 0 && !nodes[nodes.length - 1]?.trimStart().startsWith('<')) continue;
    nodes.push(random.pick(['', '\n', '\n  ', ' ']) + node);
  }
  const body = nodes.join('') + random.pick(['', '\n']);
  return random.chance(0.4) ? { template: `<form action="/x">${body}</form>`, count: nodes.length } : { template: body, count: nodes.length };
}

describe('generated templates', () => {
  it('every generated template is rebuilt byte for byte, one block per top-level node, each block a template of one block', () => {
    const random = createRandom(18);
    for (let run = 0; run < 500; run++) {
      const { template, count } = randomTemplate(random);
      const parsed = parseTemplateBlocks(template);
      expect(blocksToTemplate(parsed), template).toBe(template);
      expect(parsed.blocks.length, template).toBe(count);
      for (const block of parsed.blocks) {
        expect(parseTemplateBlocks(block.source).blocks.map((b) => b.kind), block.source).toEqual([block.kind]);
      }
      const shuffled = random.shuffle(parsed.blocks);
      expect(blocksToTemplate(parsed, shuffled).length).toBe(template.length);
    }
  });

  it('any text at all, however broken, is rebuilt byte for byte', () => {
    const random = createRandom(1804);
    const alphabet = ['<', '>', '/', '"', "'", '=', '!', '-', '?', ' ', '\n', 'a', 'p', 'div', 'script', 'form', '<!--', '-->', '</'];
    for (let run = 0; run < 2000; run++) {
      const template = Array.from({ length: random.int(0, 40) }, () => random.pick(alphabet)).join('');
      expect(roundTrip(template), template).toBe(template);
    }
  });
});
