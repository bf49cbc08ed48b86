import { describe, expect, it } from 'vitest';
import { corsFormErrors, createCorsArgs, normaliseOriginUrl, updateCorsArgs } from '../../../src/domain/settings/corsRules.ts';

describe('CORS origin rules (part 1 §5)', () => {
  it.each([
    ['https://partner.example', 'https://partner.example'],
    ['  HTTPS://Partner.Example/ ', 'https://partner.example'],
    ['https://partner.example:443/app?x=1#y', 'https://partner.example'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
  ])('%s is kept as the origin %s', (typed, origin) => {
    expect(normaliseOriginUrl(typed)).toBe(origin);
  });

  it.each(['partner.example', 'ftp://partner.example', 'javascript:alert(1)', 'https://', 'https:// spaced.example', 'https://user:pw@partner.example', 'null'])(
    '%s is not a valid URL',
    (typed) => {
      expect(normaliseOriginUrl(typed)).toBeNull();
    },
  );

  it("an empty origin says 'Origin URL is required', a malformed one 'Please enter a valid URL'", () => {
    expect(corsFormErrors({ origin: '   ', description: '' })).toEqual({ origin: 'Origin URL is required' });
    expect(corsFormErrors({ origin: 'partner.example', description: '' })).toEqual({ origin: 'Please enter a valid URL' });
    expect(corsFormErrors({ origin: 'https://partner.example', description: 'x'.repeat(501) }).description).toMatch(/at most 500/);
    expect(corsFormErrors({ origin: 'https://partner.example', description: '' })).toEqual({});
  });

  it('the mutation args normalise the origin and make a blank description null', () => {
    expect(createCorsArgs.parse({ id: 'cors-12345678', origin: 'https://A.example/', description: '  ' })).toEqual({ id: 'cors-12345678', origin: 'https://a.example', description: null });
    expect(createCorsArgs.safeParse({ id: 'cors-12345678' }).error?.issues[0]?.message).toBe('Origin URL is required');
    expect(updateCorsArgs.parse({ id: 'cors-1', origin: 'http://b.example:8080', description: 'Partner', active: false })).toMatchObject({ origin: 'http://b.example:8080', active: false });
    expect(createCorsArgs.safeParse({ id: '../x', origin: 'https://a.example' }).success).toBe(false);
  });
});
