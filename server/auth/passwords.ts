import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library default algorithm) with OWASP's recommended minimum cost: 19 MiB, 2 passes. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Stores the client hash of the credentials (never the clear password, which the server never sees). */
export function hashPassword(clientHash: string): Promise<string> {
  return hash(clientHash, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, clientHash: string): Promise<boolean> {
  try {
    return await verify(storedHash, clientHash);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the user is unknown, so both paths cost the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('0'.repeat(64));
  return dummyHash;
}
