import { describe, expect, it } from 'vitest';
import { formLinkUrl, qrFileName, validateFormsSearch, visibleForms } from '../../../src/domain/forms/formViews.ts';

const forms = [
  { formId: 'claims-intake', createdAt: 1 },
  { formId: 'ws-demo-a1b2c3', createdAt: 3 },
  { formId: 'Visitors', createdAt: 2 },
];

describe('front desk forms list', () => {
  it('searches by Form ID as a substring, case-insensitive, newest first', () => {
    expect(visibleForms(forms, undefined).map((f) => f.formId)).toEqual(['ws-demo-a1b2c3', 'Visitors', 'claims-intake']);
    expect(visibleForms(forms, ' VISIT ').map((f) => f.formId)).toEqual(['Visitors']);
    expect(visibleForms(forms, 'intake').map((f) => f.formId)).toEqual(['claims-intake']);
    expect(visibleForms(forms, 'nothing')).toEqual([]);
  });

  it('keeps only a search text and a page from the URL', () => {
    expect(validateFormsSearch({ q: ' claims ', page: '2', other: 'x' })).toEqual({ q: 'claims', page: 2 });
    expect(validateFormsSearch({ q: 12, page: -1 })).toEqual({ q: '12' });
    expect(validateFormsSearch({ q: '   ', page: 1.5 })).toEqual({});
  });

  it('opens a path on the console origin, an absolute address as it is, and nothing else', () => {
    expect(formLinkUrl('/forms/claims-intake', 'https://console.example')).toBe('https://console.example/forms/claims-intake');
    expect(formLinkUrl('https://kiosk.example/forms/a', 'https://console.example')).toBe('https://kiosk.example/forms/a');
    expect(formLinkUrl(null, 'https://console.example')).toBeNull();
    expect(formLinkUrl('  ', 'https://console.example')).toBeNull();
    expect(formLinkUrl('//evil.example/x', 'https://console.example')).toBeNull();
    expect(formLinkUrl('javascript:alert(1)', 'https://console.example')).toBeNull();
  });

  it('names the QR file after the Form ID', () => {
    expect(qrFileName('claims-intake')).toBe('claims-intake-qr.png');
    expect(qrFileName('a/b c')).toBe('a-b-c-qr.png');
  });
});
