import { describe, expect, it } from 'vitest';
import { isPdfFile, pdfScale } from '../../../src/domain/files/pdfView.ts';

describe('PDF viewer scale (part 1 §9)', () => {
  it.each([
    [320, 0.45],
    [570, 0.45],
    [571, 0.8],
    [1280, 0.8],
  ])('at %i px the pages are drawn at %f', (width, scale) => {
    expect(pdfScale(width)).toBe(scale);
  });
});

describe('which files open in the PDF viewer', () => {
  it.each([
    ['application/pdf', 'a.bin', true],
    ['APPLICATION/PDF', 'a', true],
    ['application/octet-stream', 'contract.PDF', true],
    ['application/octet-stream', 'photo.png', false],
    ['image/png', 'scan.pdf', false],
  ])('%s named %s: %s', (type, name, pdf) => {
    expect(isPdfFile(type, name)).toBe(pdf);
  });
});
