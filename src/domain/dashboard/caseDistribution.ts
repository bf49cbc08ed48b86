/**
 * Case distribution (part 1 §2 treemap and Case States Distribution pie, §3 case type activeCases and state
 * counts) from `caseStateCount` aggregates.
 */
import type { CaseStateCountDoc } from './aggregateShapes.ts';

export type CaseCounts = { total: number; active: number; byStatus: Record<string, number> };
const empty = (): CaseCounts => ({ total: 0, active: 0, byStatus: {} });
const isActive = (status: string) => status !== 'COMPLETED';

function add(into: CaseCounts, doc: CaseStateCountDoc) {
  into.total += doc.count;
  if (isActive(doc.status)) into.active += doc.count;
  into.byStatus[doc.status] = (into.byStatus[doc.status] ?? 0) + doc.count;
}

/** Counts per case type id. */
export function casesByType(docs: Iterable<CaseStateCountDoc>): Map<string, CaseCounts> {
  const out = new Map<string, CaseCounts>();
  for (const doc of docs) {
    if (doc.deleted || doc.count === 0) continue;
    const counts = out.get(doc.caseTypeId) ?? empty();
    add(counts, doc);
    out.set(doc.caseTypeId, counts);
  }
  return out;
}

/** Counts per state of one case type ('' = cases with no state yet). */
export function casesByState(docs: Iterable<CaseStateCountDoc>, caseTypeId: string): Map<string, CaseCounts> {
  const out = new Map<string, CaseCounts>();
  for (const doc of docs) {
    if (doc.deleted || doc.count === 0 || doc.caseTypeId !== caseTypeId) continue;
    const key = doc.stateId ?? '';
    const counts = out.get(key) ?? empty();
    add(counts, doc);
    out.set(key, counts);
  }
  return out;
}

/** Part 1 §2 pie legend: a share in percent with one decimal. */
export const sharePercent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
