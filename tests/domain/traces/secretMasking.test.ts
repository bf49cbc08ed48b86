import { describe, expect, it } from 'vitest';
import { isSecretField, isSecretHeader, maskBody, maskHeaders, maskUrl, SECRET_MASK } from '../../../src/domain/traces/secretMasking.ts';

describe('secret masking: what a trace never shows', () => {
  it.each([
    ['Authorization', true],
    ['proxy-authorization', true],
    ['Cookie', true],
    ['Set-Cookie', true],
    ['X-API-Key', true],
    ['x-webhook-token', true],
    ['X-Client-Secret', true],
    ['ssl-passphrase', true],
    ['Content-Type', false],
    ['Accept', false],
    ['x-request-id', false],
    ['idempotency-key', false],
  ])('header %s is a secret: %s', (name, secret) => {
    expect(isSecretHeader(name)).toBe(secret);
  });

  it.each([
    ['accessToken', true],
    ['refresh_token', true],
    ['client_secret', true],
    ['passPhrase', true],
    ['pass-phrase', true],
    ['Authorization', true],
    ['password', false],
    ['tokens_used_by_model', true],
    ['name', false],
  ])('body field %s is a secret: %s', (name, secret) => {
    expect(isSecretField(name)).toBe(secret);
  });

  it('masks header values and keeps the others and the names', () => {
    expect(maskHeaders({ Authorization: 'Bearer abc', 'content-type': 'application/json', 'x-webhook-token': 't0k', cookie: 'sid=1' })).toEqual({
      Authorization: SECRET_MASK,
      'content-type': 'application/json',
      'x-webhook-token': SECRET_MASK,
      cookie: SECRET_MASK,
    });
  });

  it('leaves headers that are not an object as they are', () => {
    expect(maskHeaders(null)).toBeNull();
    expect(maskHeaders('text')).toBe('text');
    expect(maskHeaders([1, 2])).toEqual([1, 2]);
  });

  it('masks secret fields at any depth, inside arrays too, and keeps everything else', () => {
    const body = {
      user: 'ada',
      auth: { accessToken: 'a', nested: [{ client_secret: 's', keep: 1 }, 'plain'] },
      list: [{ apiToken: { deep: 'object' } }],
      count: 3,
      nothing: null,
    };
    expect(maskBody(body)).toEqual({
      user: 'ada',
      auth: { accessToken: SECRET_MASK, nested: [{ client_secret: SECRET_MASK, keep: 1 }, 'plain'] },
      list: [{ apiToken: SECRET_MASK }],
      count: 3,
      nothing: null,
    });
    expect(body.auth.accessToken).toBe('a');
  });

  it('leaves a null secret null (there is nothing to hide) and scalars as they are', () => {
    expect(maskBody({ token: null })).toEqual({ token: null });
    expect(maskBody('a text body')).toBe('a text body');
    expect(maskBody(null)).toBeNull();
  });

  it('masks secret query parameters of a URL and keeps the rest of it', () => {
    expect(maskUrl('https://api.example.com/docs?id=7&access_token=abc&x=1#top')).toBe(`https://api.example.com/docs?id=7&access_token=${SECRET_MASK}&x=1#top`);
    expect(maskUrl('https://api.example.com/docs/7')).toBe('https://api.example.com/docs/7');
    expect(maskUrl('https://h.example/?flag&api%5Fsecret=1')).toBe(`https://h.example/?flag&api%5Fsecret=${SECRET_MASK}`);
  });
});
