import { describe, expect, it } from 'vitest';
import { templateDocument } from '../../../src/domain/tickets/templateDocument.ts';

const BRIDGE = 'window.ConsoleBridge = {};';
const SCRIPT = `<script>${BRIDGE}</script>`;

describe('the frame document of a template', () => {
  it('a bare form is wrapped in a document with the bridge script after it', () => {
    const doc = templateDocument('<form id="f"></form>', BRIDGE);
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(doc.indexOf('<form id="f"></form>')).toBeLessThan(doc.indexOf(SCRIPT));
  });

  it('a whole document gets the script before </body> and the base style in its head', () => {
    const doc = templateDocument('<html><head><title>x</title></head><body><form></form></body></html>', BRIDGE);
    expect(doc).toContain(`<form></form>${SCRIPT}</body>`);
    expect(doc.indexOf('<style>')).toBeLessThan(doc.indexOf('<title>'));
  });

  it('a template that includes the bridge itself does not get it twice', () => {
    const doc = templateDocument('<form></form><script src="/console-bridge.js"></script>', BRIDGE);
    expect(doc.match(/console-bridge\.js/g)).toHaveLength(1);
    expect(doc).not.toContain('ConsoleBridge');
  });

  it.each([
    ['a bare form', '<form></form>'],
    ['a whole document', '<html><head><title>x</title></head><body><form></form></body></html>'],
  ])('%s carries a frame policy before any of its own content, so it cannot frame other sites', (_label, template) => {
    const doc = templateDocument(template, BRIDGE);
    const policy = `<meta http-equiv="Content-Security-Policy" content="frame-src 'self' blob:">`;
    expect(doc).toContain(policy);
    expect(doc.indexOf(policy)).toBeLessThan(doc.indexOf('<form>'));
  });
});
