import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../kiosk/fieldCheck.ts';
import type { FormField } from '../../src/domain/forms/formFields.ts';
import { idleResetMs } from '../../kiosk/resetTimers.ts';
import { statusText } from '../../kiosk/statusCorner.ts';
import { kioskTexts } from '../../kiosk/texts.ts';

const FIELDS: FormField[] = [
  { name: 'customerName', type: 'text', required: true, label: 'Your name' },
  { name: 'email', type: 'email', required: true, label: 'E-mail' },
  { name: 'amount', type: 'number', required: false, label: 'Amount' },
  { name: 'description', type: 'textarea', required: false, label: 'What happened?' },
];
const en = kioskTexts('en-GB').texts;
const es = kioskTexts('es-ES').texts;

describe("the visitor's values", () => {
  it('every problem shows at once, next to its field, in the form order', () => {
    expect(fieldMessages(FIELDS, { customerName: ' ', email: 'not-an-address', amount: 'ten', description: '' }, en)).toEqual([
      { field: 'customerName', message: 'Please fill in Your name' },
      { field: 'email', message: 'Please enter a valid e-mail address' },
      { field: 'amount', message: 'Please enter a number' },
    ]);
  });

  it('in Spanish for a Spanish browser', () => {
    expect(fieldMessages(FIELDS, { customerName: '', email: 'ana@example.com', amount: '', description: '' }, es)).toEqual([{ field: 'customerName', message: 'Por favor, complete Your name' }]);
  });

  it('complete values give no message; optional fields may stay empty', () => {
    expect(fieldMessages(FIELDS, { customerName: 'Ana', email: 'ana@example.com', amount: '', description: '' }, en)).toEqual([]);
  });

  it('a value over the length limit is refused', () => {
    expect(fieldMessages(FIELDS, { customerName: 'A', email: 'a@b.co', amount: '', description: 'x'.repeat(5001) }, en)).toEqual([{ field: 'description', message: 'Please keep this under 5000 characters' }]);
  });
});

describe('the kiosk page', () => {
  it.each([
    ['en-US', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['fr-FR', 'en'],
    [undefined, 'en'],
  ] as const)('language %s → %s', (language, lang) => {
    expect(kioskTexts(language).lang).toBe(lang);
  });

  it('the status corner says how many wait, how many failed, and when the device is offline', () => {
    expect(statusText({ waiting: 0, failed: 0 }, true, en)).toEqual(['All sent']);
    expect(statusText({ waiting: 3, failed: 0 }, false, en)).toEqual(['3 waiting to be sent', 'Offline']);
    expect(statusText({ waiting: 1, failed: 2 }, true, en)).toEqual(['1 waiting to be sent', '2 could not be sent']);
    expect(statusText({ waiting: 2, failed: 0 }, true, es)).toEqual(['2 pendientes de envío']);
  });

  it.each([
    ['', null],
    ['?reset=abc', null],
    ['?reset=60', 60_000],
    ['?reset=3', 10_000],
    ['?lang=es&reset=30', 30_000],
  ])('idle reset for %j: %s ms', (search, ms) => {
    expect(idleResetMs(search)).toBe(ms);
  });
});
