/**
 * Part 2 §2 Form editor: a form template (HTML text) as a list of blocks for the graphic editor, and back. A block
 * is one top-level element, comment or run of text; when the template is a single `<form …>` wrapper, the blocks are
 * the wrapper's children and the wrapper stays around them as the frame. The split never loses a byte:
 * `blocksToTemplate(parseTemplateBlocks(t)) === t` for any text, well formed or not (the whitespace before a block
 * travels with it, the whitespace after the last one stays in the frame). Parsed without a DOM: a small tokenizer
 * that knows quoted attributes, comments, void and self-closing tags and raw-text elements (script, style,
 * textarea, title). Elements an HTML parser would close implicitly (`<p>a<p>b`) run until their end tag instead.
 */

export type TemplateBlockKind = 'heading' | 'field' | 'text' | 'button' | 'html';

/** What a block shows, for a label in the reader's language: the control (or element), its text and its name. */
export type BlockSummary = {
  control: 'input' | 'select' | 'textarea' | 'checkbox' | 'radio' | 'buttons' | 'heading' | 'text' | 'comment' | 'element';
  /** The element's tag name, lower case ('' for text and comments). */
  tag: string;
  /** Its visible text, entities decoded, spaces collapsed, cut to a short line. */
  text: string;
  /** The field's name attribute, or the buttons' texts joined; null when there is none. */
  name: string | null;
};

export type TemplateBlock = {
  id: string;
  kind: TemplateBlockKind;
  /** A short description in English, e.g. 'Input: Your name (customerName)'. */
  label: string;
  summary: BlockSummary;
  source: string;
};

export type ParsedTemplate = {
  /** Text before the first block: the wrapper's opening tag (and the whitespace before it) when there is one. */
  before: string;
  blocks: TemplateBlock[];
  /** Text after the last block: trailing whitespace, and the wrapper's closing tag. */
  after: string;
};

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript']);
const LABEL_MAX = 60;

type Token =
  | { type: 'text'; start: number; end: number }
  | { type: 'comment'; start: number; end: number }
  | { type: 'open'; name: string; start: number; end: number; closed: boolean; attributes: string }
  | { type: 'close'; name: string; start: number; end: number };

const isLetter = (char: string | undefined): boolean => char !== undefined && /[A-Za-z]/.test(char);

/** The end of a start tag whose attributes begin at `from`: a quoted value may hold '>'. */
function startTagEnd(html: string, from: number): number {
  let i = from;
  const skipSpaces = () => {
    while (i < html.length && /\s/.test(html[i] ?? '')) i++;
  };
  while (i < html.length) {
    skipSpaces();
    const char = html[i];
    if (char === '>') return i + 1;
    if (char === '/') {
      i++;
      continue;
    }
    // The attribute's name (a first '=' counts as part of it, as in HTML).
    i++;
    while (i < html.length && !/[\s/>=]/.test(html[i] ?? '')) i++;
    skipSpaces();
    if (html[i] !== '=') continue;
    i++;
    skipSpaces();
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      if (close === -1) return html.length;
      i = close + 1;
    } else {
      while (i < html.length && !/[\s>]/.test(html[i] ?? '')) i++;
    }
  }
  return html.length;
}

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const lower = html.toLowerCase();
  let textStart = 0;
  let i = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ type: 'text', start: textStart, end });
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html[lt + 1];
    let token: Token | null = null;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      token = { type: 'comment', start: lt, end: close === -1 ? html.length : close + 3 };
    } else if (next === '!' || next === '?') {
      const close = html.indexOf('>', lt + 2);
      token = { type: 'comment', start: lt, end: close === -1 ? html.length : close + 1 };
    } else if (next === '/' && isLetter(html[lt + 2])) {
      const name = /^[^\s/>]+/.exec(html.slice(lt + 2))?.[0] ?? '';
      const close = html.indexOf('>', lt + 2);
      token = { type: 'close', name: name.toLowerCase(), start: lt, end: close === -1 ? html.length : close + 1 };
    } else if (isLetter(next)) {
      const name = (/^[^\s/>]+/.exec(html.slice(lt + 1))?.[0] ?? '').toLowerCase();
      const end = startTagEnd(html, lt + 1 + name.length);
      const attributes = html.slice(lt + 1 + name.length, html[end - 1] === '>' ? end - 1 : end);
      token = { type: 'open', name, start: lt, end, closed: attributes.trimEnd().endsWith('/'), attributes };
    }
    if (token === null) {
      i = lt + 1;
      continue;
    }
    flushText(token.start);
    tokens.push(token);
    i = token.end;
    if (token.type === 'open' && RAW_TEXT_ELEMENTS.has(token.name) && !token.closed) {
      // Raw text runs to its own end tag, whatever it holds.
      const closeAt = lower.indexOf(`</${token.name}`, i);
      const contentEnd = closeAt === -1 ? html.length : closeAt;
      if (contentEnd > i) tokens.push({ type: 'text', start: i, end: contentEnd });
      i = contentEnd;
    }
    textStart = i;
  }
  flushText(html.length);
  return tokens;
}

type Piece = { start: number; end: number; tokens: Token[] };

/** The top-level pieces of `html`: each element with everything inside it, each comment, each run of text. */
function topLevelPieces(tokens: Token[]): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  const open: string[] = [];
  for (const token of tokens) {
    if (current === null) {
      current = { start: token.start, end: token.end, tokens: [token] };
      if (token.type === 'open' && !token.closed && !VOID_ELEMENTS.has(token.name)) open.push(token.name);
    } else {
      current.end = token.end;
      current.tokens.push(token);
      if (token.type === 'open' && !token.closed && !VOID_ELEMENTS.has(token.name)) open.push(token.name);
      if (token.type === 'close') {
        const at = open.lastIndexOf(token.name);
        // A stray end tag (nothing of that name is open) changes nothing.
        if (at !== -1) open.length = at;
      }
    }
    if (open.length === 0) {
      pieces.push(current);
      current = null;
    }
  }
  if (current !== null) pieces.push(current);
  return pieces;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text as a reader sees it: entities decoded, spaces collapsed, cut to a short line. */
function readable(text: string): string {
  const decoded = text
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity.startsWith('#')) {
        const code = entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return decoded.length > LABEL_MAX ? `${decoded.slice(0, LABEL_MAX - 1)}…` : decoded;
}

const HIDDEN_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'title']);

/** The visible text of the tokens that start in [from, to): text tokens, not the code of scripts or styles. */
function visibleText(html: string, tokens: readonly Token[], from = 0, to = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let previous: Token | undefined;
  for (const token of tokens) {
    const hidden = previous?.type === 'open' && HIDDEN_TEXT_ELEMENTS.has(previous.name);
    if (token.type === 'text' && token.start >= from && token.start < to && !hidden) parts.push(html.slice(token.start, token.end));
    previous = token;
  }
  return readable(parts.join(' '));
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|[\\s/])${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  if (match) return match[1] ?? match[2] ?? match[3] ?? '';
  return new RegExp(`(?:^|[\\s/])${name}(?=[\\s/=]|$)`, 'i').test(attributes) ? '' : null;
}

const BUTTON_INPUT_TYPES = new Set(['submit', 'button', 'reset', 'image']);
const TEXT_ELEMENTS = new Set(['p', 'span', 'label', 'small', 'strong', 'em', 'b', 'i', 'u', 'blockquote', 'legend', 'a', 'br', 'hr']);
const CONTROL_WORDS: Record<BlockSummary['control'], string> = {
  input: 'Input',
  select: 'Select',
  textarea: 'Text area',
  checkbox: 'Checkbox',
  radio: 'Radio',
  buttons: 'Buttons',
  heading: 'Heading',
  text: 'Text',
  comment: 'Comment',
  element: 'Element',
};

const isText = (piece: Piece): boolean => piece.tokens.every((t) => t.type === 'text');

/** What a piece of `html` is, for its kind and label. */
function describe(html: string, piece: Piece): { kind: TemplateBlockKind; summary: BlockSummary } {
  const first = piece.tokens[0];
  const tokens = piece.tokens.filter((t) => t.start < piece.end);
  const text = visibleText(html, tokens);
  if (first === undefined || first.type === 'text') return { kind: 'text', summary: { control: 'text', tag: '', text, name: null } };
  if (first.type === 'comment') {
    return { kind: 'html', summary: { control: 'comment', tag: '', text: readable(html.slice(piece.start, piece.end).replace(/^<[!?]-*|-*>$/g, '')), name: null } };
  }
  const tag = first.name;
  const opens = tokens.filter((t): t is Extract<Token, { type: 'open' }> => t.type === 'open');
  const typeOf = (t: Extract<Token, { type: 'open' }>) => (attribute(t.attributes, 'type') ?? '').toLowerCase();
  const buttons = opens.filter((t) => t.name === 'button' || (t.name === 'input' && BUTTON_INPUT_TYPES.has(typeOf(t))));
  const controls = opens.filter((t) => (t.name === 'input' || t.name === 'select' || t.name === 'textarea') && !buttons.includes(t));
  const control = controls.find((t) => typeOf(t) !== 'hidden') ?? controls[0];
  if (control !== undefined) {
    const type = typeOf(control);
    const kindOfControl = control.name === 'input' ? (type === 'checkbox' || type === 'radio' ? type : 'input') : control.name === 'select' ? 'select' : 'textarea';
    // A select's options are not its label: the text before the control is.
    const labelText = control.name === 'select' ? visibleText(html, tokens, piece.start, control.start) || text : text;
    return { kind: 'field', summary: { control: kindOfControl, tag, text: labelText, name: attribute(control.attributes, 'name') } };
  }
  if (/^h[1-6]$/.test(tag)) return { kind: 'heading', summary: { control: 'heading', tag, text, name: null } };
  if (buttons.length > 0) {
    const captions = buttons.map((b) => {
      if (b.name !== 'button') return attribute(b.attributes, 'value') ?? typeOf(b);
      const close = tokens.find((t) => t.type === 'close' && t.name === 'button' && t.start > b.start);
      return visibleText(html, tokens, b.end, close ? close.start : piece.end);
    });
    return { kind: 'button', summary: { control: 'buttons', tag, text: captions.filter(Boolean).join(', '), name: null } };
  }
  if (TEXT_ELEMENTS.has(tag)) return { kind: 'text', summary: { control: 'text', tag, text, name: null } };
  return { kind: 'html', summary: { control: 'element', tag, text, name: null } };
}

/** The English label of a block, e.g. 'Input: Your name (customerName)' or 'Element <div>: …'. */
export function blockLabel(summary: BlockSummary): string {
  const word = summary.control === 'element' && summary.tag !== '' ? `${CONTROL_WORDS.element} <${summary.tag}>` : CONTROL_WORDS[summary.control];
  const described = [summary.text, summary.name === null ? '' : `(${summary.name})`].filter(Boolean).join(' ');
  return described === '' ? word : `${word}: ${described}`;
}

/** Splits `html` into blocks. Whitespace before a block goes with it; whitespace after the last one is returned. */
function splitBlocks(html: string): { blocks: TemplateBlock[]; trailing: string } {
  const blocks: TemplateBlock[] = [];
  let pending = 0;
  for (const piece of topLevelPieces(tokenize(html))) {
    const raw = html.slice(piece.start, piece.end);
    if (isText(piece) && raw.trim() === '') continue;
    // A text run's trailing whitespace leads the next block, as whitespace between elements does.
    const end = isText(piece) ? piece.start + raw.trimEnd().length : piece.end;
    const { kind, summary } = describe(html, { ...piece, end });
    blocks.push({ id: `block-${blocks.length + 1}`, kind, label: blockLabel(summary), summary, source: html.slice(pending, end) });
    pending = end;
  }
  return { blocks, trailing: html.slice(pending) };
}

/** The template as blocks; ids are 'block-1', 'block-2', … in document order. */
export function parseTemplateBlocks(template: string): ParsedTemplate {
  const pieces = topLevelPieces(tokenize(template));
  const elements = pieces.filter((p) => !(isText(p) && template.slice(p.start, p.end).trim() === ''));
  const wrapper = elements.length === 1 ? elements[0] : undefined;
  const openTag = wrapper?.tokens[0];
  const closeTag = wrapper?.tokens[wrapper.tokens.length - 1];
  if (wrapper && openTag?.type === 'open' && openTag.name === 'form' && closeTag?.type === 'close' && closeTag.name === 'form' && wrapper.tokens.length > 1) {
    const inner = template.slice(openTag.end, closeTag.start);
    const { blocks, trailing } = splitBlocks(inner);
    return { before: template.slice(0, openTag.end), blocks, after: trailing + template.slice(closeTag.start) };
  }
  const { blocks, trailing } = splitBlocks(template);
  return { before: '', blocks, after: trailing };
}

/** The template the blocks make, in their order, inside the frame they were parsed from. */
export function blocksToTemplate(parsed: ParsedTemplate, blocks: readonly TemplateBlock[] = parsed.blocks): string {
  return parsed.before + blocks.map((block) => block.source).join('') + parsed.after;
}

/** A block whose source was edited by hand: its kind and label follow the new source. */
export function withBlockSource(block: TemplateBlock, source: string): TemplateBlock {
  const described = splitBlocks(source).blocks;
  const first = described[0];
  if (described.length !== 1 || first === undefined) {
    const summary: BlockSummary = { control: 'element', tag: '', text: readable(source.replace(/<[^>]*>?/g, ' ')), name: null };
    return { ...block, source, kind: 'html', summary, label: blockLabel(summary) };
  }
  return { ...first, id: block.id, source };
}
