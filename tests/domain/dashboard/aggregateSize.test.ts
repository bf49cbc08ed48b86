import { describe, expect, it } from 'vitest';
import { contributionsOfCase, contributionsOfTicket, docsOfContributions, type Contribution } from '../../../src/domain/dashboard/aggregateShapes.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR_START = Date.UTC(2025, 10, 24);
const NOW = YEAR_START + 365 * DAY;

/** A small seeded generator (mulberry32), so the figure is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the replicated size of the dashboard aggregates', () => {
  it('a year of a 100,000-case workspace with 10,000 open tickets stays well under 1 MB', () => {
    const next = random(16);
    const types = Array.from({ length: 8 }, (_, i) => `ct-${String(i).padStart(2, '0')}-7f3e9b1c`);
    const contributions: Contribution[] = [];
    for (let i = 0; i < 100_000; i += 1) {
      // Cases at any second of the year (every hour of every day: the densest the hour arrays get).
      const created = YEAR_START + Math.floor(next() * 365 * DAY);
      const closed = next() < 0.85 ? Math.min(NOW, created + Math.floor(next() * 20 * DAY)) : null;
      const type = types[Math.floor(next() * types.length)]!;
      contributions.push(
        ...contributionsOfCase({ caseTypeId: type, stateId: `cst-${type}-${Math.floor(next() * 6)}`, status: closed ? 'COMPLETED' : next() < 0.5 ? 'CREATED' : 'PROGRESS', deleted: false, createdAt: created, updatedAt: closed ?? created, closing: closed }),
      );
    }
    const teams = Array.from({ length: 6 }, (_, i) => `team-${i}-4d2a`);
    const slas = [4 * HOUR, 24 * HOUR, 72 * HOUR];
    for (let i = 0; i < 10_000; i += 1) {
      const created = NOW - Math.floor(next() * 30 * DAY);
      const assigned = next() < 0.6;
      const team = teams[Math.floor(next() * teams.length)]!;
      contributions.push(
        ...contributionsOfTicket({ teamId: team, assigneeMemberId: assigned ? `mbr-${team}-${Math.floor(next() * 5)}` : null, status: assigned ? 'assigned' : 'unassigned', state: 'open', deleted: false, createdAt: created, dueAt: created + slas[Math.floor(next() * slas.length)]! }),
      );
    }
    // Every field of each document, as the pull sends it (a realistic id length and revision).
    const docs = docsOfContributions(contributions, { rev: 123_456, workspaceId: 'ws-5f1c2a9e', updatedAt: NOW });
    const bytesOf = (kind: string) => docs.filter((d) => d.kind === kind).reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d)), 0);
    const figures = { caseFlow: bytesOf('caseFlow'), caseStateCount: bytesOf('caseStateCount'), ticketLight: bytesOf('ticketLight') };
    const total = figures.caseFlow + figures.caseStateCount + figures.ticketLight;
    const count = (kind: string) => docs.filter((d) => d.kind === kind).length;
    process.stdout.write(
      `dashboard aggregates, 100,000 cases over a year (8 types × 6 states) + 10,000 open tickets (6 teams, 30 humans): ${docs.length} documents, ` +
        `${(total / 1024).toFixed(1)} KiB JSON (caseFlow ${count('caseFlow')} docs ${(figures.caseFlow / 1024).toFixed(1)} KiB, ` +
        `caseStateCount ${count('caseStateCount')} docs ${(figures.caseStateCount / 1024).toFixed(1)} KiB, ticketLight ${count('ticketLight')} docs ${(figures.ticketLight / 1024).toFixed(1)} KiB)\n`,
    );
    // Well under 1 MB: at most half of it. Cases cost the same whatever their number (dense arrays per month);
    // tickets cost about 29 bytes per open ticket (its SLA window, twice when assigned), whatever the history.
    expect(total).toBeLessThan(512 * 1024);
    expect(figures.caseFlow + figures.caseStateCount).toBeLessThan(200 * 1024);
  });
});
