/**
 * The client-side credential hash of the spec (part 1 §2, part 2 §7): the password never leaves the
 * browser in clear; what is sent is SHA-256 over username, password and a fixed suffix. The server then
 * stores and verifies this value with argon2id, so a leaked database does not reveal the sent value either.
 *
 * Uses the Web Crypto API, which both browsers and Node 20 expose as `globalThis.crypto`.
 */
export const CLIENT_HASH_SUFFIX = '::workflow-console::v1';

export async function clientHash(username: string, password: string): Promise<string> {
  const input = new TextEncoder().encode(`${username.trim().toLowerCase()}:${password}${CLIENT_HASH_SUFFIX}`);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', input);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
