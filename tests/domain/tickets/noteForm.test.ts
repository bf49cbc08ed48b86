import { describe, expect, it } from 'vitest';
import { formatNoteDate, noteDetails, parseNoteDetails, validateNoteForm } from '../../../src/domain/tickets/noteForm.ts';

describe('note form checks (part 2 §5)', () => {
  it.each([
    [{ title: 'T', description: 'D' }, {}],
    [{ title: '', description: 'D' }, { title: 'titleRequired' }],
    [{ title: '  ', description: '' }, { title: 'titleRequired', description: 'descriptionRequired' }],
    [{ title: 'T', description: 'x'.repeat(500) }, {}],
    [{ title: 'T', description: 'x'.repeat(501) }, { description: 'descriptionTooLong' }],
  ])('%j → %j', (values, errors) => {
    expect(validateNoteForm(values)).toEqual(errors);
  });
});

describe('the details line', () => {
  const at = Date.UTC(2026, 2, 5, 9, 7);
  it.each([
    ['Nico Agent', false, 'Nico Agent 03-05-2026 09:07'],
    ['Nico Agent', true, 'Nico Agent 03-05-2026 09:07 (Editado)'],
    ['', false, 'UE 03-05-2026 09:07'],
  ])('%s edited=%s → %s', (name, edited, expected) => {
    expect(noteDetails(name, at, edited, 'UTC')).toBe(expected);
  });

  it('dates read MM-DD-YYYY HH:mm', () => {
    expect(formatNoteDate(Date.UTC(2026, 11, 31, 23, 59), 'UTC')).toBe('12-31-2026 23:59');
  });
});

describe('reading a details line back', () => {
  it.each([
    ['Nico Agent 11-23-2026 08:00', { author: 'Nico Agent', edited: false }],
    ['Nico Agent 11-23-2026 08:00 (Editado)', { author: 'Nico Agent', edited: true }],
    ['UE 01-02-2026 00:00', { author: 'UE', edited: false }],
    ['Written by the template', null],
  ] as const)('%s', (details, expected) => {
    expect(parseNoteDetails(details)).toEqual(expected);
  });
});
