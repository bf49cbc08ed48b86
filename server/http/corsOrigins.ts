import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { bearerToken } from '../auth/guard.ts';
import { findSession } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

type OriginRow = { origin: string; workspaceId: string | null };

const CACHE_MS = 5000;

/** Normalises 'https://Example.com/' and 'https://example.com' to one form. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Decides whether a cross-origin caller may read our answers: the page's own origin always; otherwise an
 * active origin of the cors_origins table that is global or belongs to the caller's workspace. A preflight
 * carries no token, so it is allowed for an origin of any workspace; the real request is then checked
 * against the session's workspace.
 */
export type OriginPolicy = ReturnType<typeof createOriginPolicy>;

export function createOriginPolicy(db: Kysely<Database>) {
  let cached: { at: number; rows: OriginRow[] } | null = null;

  async function activeOrigins(): Promise<OriginRow[]> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.rows;
    const rows = await db
      .selectFrom('cors_origins')
      .select(['origin', 'workspace_id as workspaceId'])
      .where('active', '=', true)
      .where('deleted', '=', false)
      .execute();
    cached = { at: Date.now(), rows: rows.map((r) => ({ ...r, origin: normaliseOrigin(r.origin) ?? r.origin })) };
    return cached.rows;
  }

  return {
    /** Forgets the cached origins: the writes of cors_origins call it once they have committed. */
    invalidate() {
      cached = null;
    },
    async allows(request: FastifyRequest, origin: string): Promise<boolean> {
      const wanted = normaliseOrigin(origin);
      if (!wanted) return false;
      if (wanted === normaliseOrigin(`${request.protocol}://${request.host}`)) return true;
      const matches = (await activeOrigins()).filter((r) => r.origin === wanted);
      if (matches.length === 0) return false;
      if (matches.some((r) => r.workspaceId === null)) return true;
      const token = bearerToken(request);
      if (!token) return true;
      const session = await findSession(db, token);
      return session !== null && matches.some((r) => r.workspaceId === session.workspaceId);
    },
  };
}
