import { SERVER_ONLY_COLUMNS, fieldName } from '../../src/domain/sync/collections.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';

/**
 * A database row as the replica stores it: camelCase fields, times as epoch milliseconds, secrets left out, and
 * the columns this caller may not read (`hidden`) sent as null, so the document keeps its shape.
 */
export function rowToDoc(kind: string, row: Record<string, unknown>, hidden?: ReadonlySet<string>): ReplicaDoc {
  const doc: Record<string, unknown> = { kind };
  for (const [column, value] of Object.entries(row)) {
    if (SERVER_ONLY_COLUMNS.has(column)) continue;
    doc[fieldName(column)] = hidden?.has(column) ? null : value instanceof Date ? value.getTime() : value;
  }
  return doc as ReplicaDoc;
}
