/**
 * The dashboard aggregate documents (config collection; written by the triggers of migration 011) and the rule by
 * which each case and ticket row contributes to them. The server's triggers and `contributionsOf*` below are the
 * same rule twice: the property test (tests/server/dashboardAggregates.test.ts) holds them equal.
 *
 * - `caseFlow` — id `cf:<caseTypeId>:<YYYY-MM>` (UTC month): `created[d]`, `closed[d]` count the type's cases
 *   created and closed on UTC day d + 1 of the month. The document with caseTypeId '' (id `cf::<YYYY-MM>`) counts
 *   every type together per UTC hour instead: index (day - 1) * 24 + hour, so charts can show hours and local days.
 *   `resolutionMinutes[d]` (both) sums the minutes from creation to closing of the cases closed on day d + 1.
 *   Closed = status COMPLETED, at `closing` (its last update when empty). A tombstoned case counts nowhere.
 * - `caseStateCount` — id `cs:<caseTypeId>:<stateId or ''>:<status>`: live cases of that type, state and status.
 * - `ticketLight` — open tickets. Team level: id `tl:<teamId>:<status>` (memberId null, status 'assigned' or
 *   'unassigned'); per human: id `th:<teamId>:<memberId>` (status 'assigned'). `windows` maps
 *   "<created epoch minute>+<SLA minutes>" to a count; the light follows from it at any time (ticketLights.ts).
 */
import type { CaseFlowDoc, CaseStateCountDoc, TicketLightDoc } from '../sync/documents.gen.ts';

export type { CaseFlowDoc, CaseStateCountDoc, TicketLightDoc };
export type DashboardAggregateDoc = CaseFlowDoc | CaseStateCountDoc | TicketLightDoc;
export const DASHBOARD_AGGREGATE_KINDS = ['caseFlow', 'caseStateCount', 'ticketLight'] as const;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** 'YYYY-MM' of a UTC time. */
export const utcMonth = (ms: number): string => new Date(ms).toISOString().slice(0, 7);
/** Start (epoch ms) of a 'YYYY-MM' UTC month. */
export const monthStartMs = (month: string): number => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
export const daysInMonth = (month: string): number => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
/** The hour slot of a time within its UTC month. */
export const hourSlot = (ms: number): number => Math.floor((ms - monthStartMs(utcMonth(ms))) / HOUR_MS);
/** caseTypeId of the documents that count every case type, per hour. */
export const ALL_TYPES = '';
/** Whether a caseFlow document counts per hour (every type together) or per day (one type). */
export const isHourly = (doc: Pick<CaseFlowDoc, 'caseTypeId'>): boolean => doc.caseTypeId === ALL_TYPES;

export type WindowKey = { createdMinute: number; slaMinutes: number };
export const windowKey = (createdMs: number, dueMs: number): string => {
  const created = Math.floor(createdMs / MINUTE_MS);
  return `${created}+${Math.floor(dueMs / MINUTE_MS) - created}`;
};
export function parseWindowKey(key: string): { createdMs: number; dueMs: number } | null {
  const match = /^(-?\d+)\+(-?\d+)$/.exec(key);
  if (!match) return null;
  const created = Number(match[1]);
  return { createdMs: created * MINUTE_MS, dueMs: (created + Number(match[2])) * MINUTE_MS };
}

export type CaseRowFacts = {
  caseTypeId: string;
  stateId: string | null;
  status: string;
  deleted: boolean;
  createdAt: number;
  updatedAt: number;
  closing: number | null;
};
export type TicketRowFacts = {
  teamId: string;
  assigneeMemberId: string | null;
  status: string;
  state: string;
  deleted: boolean;
  createdAt: number;
  dueAt: number;
};

/** One unit a row adds: to a flow cell, a state count or a ticket window. */
export type Contribution =
  | { doc: string; field: 'created' | 'closed'; slot: number; day: number; minutes?: number }
  | { doc: string; field: 'count' }
  | { doc: string; field: 'window'; key: string };

export function contributionsOfCase(row: CaseRowFacts): Contribution[] {
  if (row.deleted) return [];
  const out: Contribution[] = [];
  const closedAt = row.status === 'COMPLETED' ? (row.closing ?? row.updatedAt) : null;
  for (const type of [row.caseTypeId, ALL_TYPES]) {
    const cell = (ms: number) => {
      const hour = hourSlot(ms);
      const day = Math.floor(hour / 24);
      return { doc: `cf:${type}:${utcMonth(ms)}`, slot: type === ALL_TYPES ? hour : day, day };
    };
    out.push({ ...cell(row.createdAt), field: 'created' });
    if (closedAt !== null) out.push({ ...cell(closedAt), field: 'closed', minutes: Math.max(0, Math.floor((closedAt - row.createdAt) / 1000 / 60)) });
  }
  out.push({ doc: `cs:${row.caseTypeId}:${row.stateId ?? ''}:${row.status}`, field: 'count' });
  return out;
}

export function contributionsOfTicket(row: TicketRowFacts): Contribution[] {
  if (row.deleted || row.state !== 'open') return [];
  const key = windowKey(row.createdAt, row.dueAt);
  const out: Contribution[] = [{ doc: `tl:${row.teamId}:${row.status}`, field: 'window', key }];
  if (row.status === 'assigned' && row.assigneeMemberId !== null) out.push({ doc: `th:${row.teamId}:${row.assigneeMemberId}`, field: 'window', key });
  return out;
}

/** The figures of a set of aggregate documents, in a form two sources can be compared in (zero entries dropped). */
export type AggregateFigures = Record<string, Record<string, number>>;

export function figuresOfContributions(contributions: Iterable<Contribution>): AggregateFigures {
  const figures: AggregateFigures = {};
  const add = (doc: string, field: string, n: number) => {
    const entry = (figures[doc] ??= {});
    entry[field] = (entry[field] ?? 0) + n;
  };
  for (const c of contributions) {
    if (c.field === 'count') add(c.doc, 'count', 1);
    else if (c.field === 'window') {
      add(c.doc, `w:${c.key}`, 1);
      add(c.doc, 'open', 1);
    } else {
      add(c.doc, `${c.field}:${c.slot}`, 1);
      if (c.field === 'closed') add(c.doc, `minutes:${c.day}`, c.minutes ?? 0);
    }
  }
  return prune(figures);
}

export function figuresOfDocs(docs: Iterable<DashboardAggregateDoc>): AggregateFigures {
  const figures: AggregateFigures = {};
  for (const doc of docs) {
    const entry: Record<string, number> = {};
    if (doc.kind === 'caseFlow') {
      doc.created.forEach((n, i) => (entry[`created:${i}`] = n));
      doc.closed.forEach((n, i) => (entry[`closed:${i}`] = n));
      doc.resolutionMinutes.forEach((n, i) => (entry[`minutes:${i}`] = n));
    } else if (doc.kind === 'caseStateCount') entry.count = doc.count;
    else {
      entry.open = doc.open;
      for (const [key, n] of Object.entries(windowsOf(doc))) entry[`w:${key}`] = n;
    }
    figures[doc.id] = entry;
  }
  return prune(figures);
}

/**
 * The documents a set of contributions makes, as the server's triggers hold them (envelope fields given): the
 * replica's shapes for tests, benchmarks and sample data.
 */
export function docsOfContributions(contributions: Iterable<Contribution>, envelope: { rev: number; workspaceId: string; updatedAt: number }): DashboardAggregateDoc[] {
  const docs = new Map<string, DashboardAggregateDoc>();
  for (const c of contributions) {
    const [prefix, first = '', second = '', third = ''] = c.doc.split(':');
    let doc = docs.get(c.doc);
    if (!doc) {
      const base = { ...envelope, id: c.doc, deleted: false };
      if (prefix === 'cf') {
        const days = daysInMonth(second);
        const length = first === ALL_TYPES ? days * 24 : days;
        doc = { ...base, kind: 'caseFlow', caseTypeId: first, month: second, created: new Array<number>(length).fill(0), closed: new Array<number>(length).fill(0), resolutionMinutes: new Array<number>(days).fill(0) };
      } else if (prefix === 'cs') doc = { ...base, kind: 'caseStateCount', caseTypeId: first, stateId: second || null, status: third, count: 0 };
      else doc = { ...base, kind: 'ticketLight', teamId: first, memberId: prefix === 'th' ? second : null, status: prefix === 'th' ? 'assigned' : second, open: 0, windows: {} };
      docs.set(c.doc, doc);
    }
    if (doc.kind === 'caseFlow' && (c.field === 'created' || c.field === 'closed')) {
      doc[c.field][c.slot]! += 1;
      if (c.field === 'closed') doc.resolutionMinutes[c.day]! += c.minutes ?? 0;
    } else if (doc.kind === 'caseStateCount') doc.count += 1;
    else if (doc.kind === 'ticketLight' && c.field === 'window') {
      const windows = doc.windows as Record<string, number>;
      windows[c.key] = (windows[c.key] ?? 0) + 1;
      doc.open += 1;
    }
  }
  return [...docs.values()];
}

/** A ticketLight document's windows as numbers (the JSON column is typed loosely). */
export function windowsOf(doc: Pick<TicketLightDoc, 'windows'>): Record<string, number> {
  const out: Record<string, number> = {};
  const windows = doc.windows;
  if (windows && typeof windows === 'object' && !Array.isArray(windows)) {
    for (const [key, n] of Object.entries(windows)) if (typeof n === 'number') out[key] = n;
  }
  return out;
}

function prune(figures: AggregateFigures): AggregateFigures {
  const out: AggregateFigures = {};
  for (const [doc, entry] of Object.entries(figures)) {
    const kept = Object.fromEntries(Object.entries(entry).filter(([, n]) => n !== 0));
    if (Object.keys(kept).length > 0) out[doc] = kept;
  }
  return out;
}
