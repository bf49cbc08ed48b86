import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`), 'filename' in part ? part.bytes : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Two cases of the seeded demo workspace: one a claims ticket puts in the demo agent's reach, and one no ticket of
 * the agent's teams names (the agent may not open it; the administrator may).
 */
export async function demoFileCases(db: Kysely<Database>): Promise<{ agentCase: string; closedCase: string }> {
  const agentCase = (await db.selectFrom('tickets').select('case_id').where('team_id', '=', 'team-demo-claims').where('case_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).case_id!;
  const closedCase = (
    await db
      .selectFrom('cases')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('tickets').select('case_id').where('case_id', 'is not', null).where('team_id', 'in', ['team-demo-claims', 'team-demo-field']))
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  return { agentCase, closedCase };
}
