import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useNow } from '../../../app/shell/useNow.ts';
import { accountAtom } from '../../../app/state/accountAtoms.ts';
import { useQuery } from '../../../data/replica.ts';
import { isListedCaseType } from '../../../domain/cases/caseHistoryQuery.ts';
import type { CaseFlowDoc, CaseStateCountDoc, TicketLightDoc } from '../../../domain/dashboard/aggregateShapes.ts';
import { casesByState, casesByType } from '../../../domain/dashboard/caseDistribution.ts';
import { dashboardPeople } from '../../../domain/dashboard/dashboardPeople.ts';
import { humanStats, teamDashboard } from '../../../domain/dashboard/ticketHealth.ts';
import { isAdminRole } from '../../../domain/tickets/inboxRules.ts';
import type { CaseStateDoc, CaseTypeDoc, ConfigDoc, MemberDoc, TeamDoc, TeamMemberDoc } from '../../../domain/sync/documents.gen.ts';
import { useArrived } from '../useArrived.ts';
import type { HumanCardData, Slice, TeamCardData } from './dashboardTypes.ts';

const KINDS = ['caseFlow', 'caseStateCount', 'ticketLight', 'caseType', 'caseState', 'team', 'member', 'teamMember'] as const;
const QUERY = { selector: { kind: { $in: [...KINDS] } } };
/** Ticket lights move with time (part 2 §4): the cards recolour once a minute, offline too. */
const MINUTE_MS = 60_000;

export type DashboardData = {
  loading: boolean;
  flows: CaseFlowDoc[];
  /** Open cases per listed case type, by name. */
  types: Slice[];
  statesOf: (typeId: string) => Slice[];
  typeName: (typeId: string) => string | null;
  /** The workspace holds at least one live case (any status). */
  hasCases: boolean;
  hasTeams: boolean;
  mine: boolean;
  teams: TeamCardData[];
  humans: HumanCardData[];
  /** Newest `updatedAt` of the aggregates: when the figures last changed on the server. */
  figuresAt: number | null;
};

function byKind(docs: readonly ConfigDoc[]) {
  const out = { caseFlow: [] as CaseFlowDoc[], caseStateCount: [] as CaseStateCountDoc[], ticketLight: [] as TicketLightDoc[], caseType: [] as CaseTypeDoc[], caseState: [] as CaseStateDoc[], team: [] as TeamDoc[], member: [] as MemberDoc[], teamMember: [] as TeamMemberDoc[] };
  for (const doc of docs) {
    if (doc.deleted) continue;
    const list = (out as Record<string, ConfigDoc[]>)[doc.kind];
    list?.push(doc);
  }
  return out;
}

/**
 * The main dashboard's figures from the replica alone: the aggregate documents and the configuration they are named
 * by (a few hundred documents on a year of a 100,000-case workspace), turned into the cards' figures by
 * src/domain/dashboard. The people cards follow the viewer's role (dashboardPeople.ts).
 */
export function useDashboardData(noStateName: string): DashboardData {
  // Each answer re-renders every card (charts' labels, people, ticket health), so it renders in the background: on a
  // cold device a configuration page arriving while the menu's Inbox loaded held the page 111 ms.
  const { docs, loading } = useQuery('config', QUERY, { deferred: true });
  // On a device's first load the configuration arrives in pages: until its last, the cards would show partial
  // figures, or sample ones under "This workspace has no cases yet", and the charts be drawn twice.
  const configArrived = useArrived('config');
  const account = useAtomValue(accountAtom)?.account;
  const now = Math.floor(useNow(MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const userId = account?.id ?? '';
  const isAdmin = isAdminRole(account?.role ?? '');

  const cases = useMemo(() => {
    const k = byKind(docs as ConfigDoc[]);
    const listed = k.caseType.filter(isListedCaseType);
    const counts = casesByType(k.caseStateCount);
    const nameOf = new Map(listed.map((t) => [t.id, t.description || t.code]));
    const types = listed.map((t) => ({ id: t.id, name: nameOf.get(t.id)!, count: counts.get(t.id)?.active ?? 0 })).sort((a, b) => a.name.localeCompare(b.name));
    const stateName = new Map(k.caseState.map((s) => [s.id, s.description || s.stateKey]));
    const stateOrder = new Map(k.caseState.map((s) => [s.id, s.order]));
    const statesOf = (typeId: string): Slice[] =>
      [...casesByState(k.caseStateCount, typeId)]
        .filter(([, c]) => c.active > 0)
        .map(([id, c]) => ({ id: id || '-', name: id ? (stateName.get(id) ?? id) : noStateName, count: c.active }))
        .sort((a, b) => (a.id === '-' ? -1 : b.id === '-' ? 1 : (stateOrder.get(a.id) ?? 0) - (stateOrder.get(b.id) ?? 0)));
    const figuresAt = [...k.caseFlow, ...k.caseStateCount, ...k.ticketLight].reduce<number | null>((max, d) => (max === null || d.updatedAt > max ? d.updatedAt : max), null);
    const hasCases = [...counts.values()].some((c) => c.total > 0);
    return { k, types, statesOf, typeName: (id: string) => nameOf.get(id) ?? null, figuresAt, hasCases };
  }, [docs, noStateName]);

  const people = useMemo(() => {
    const { k } = cases;
    const chosen = dashboardPeople({ userId, isAdmin }, k.team, k.member, k.teamMember);
    const thresholds = new Map(k.team.map((t) => [t.id, { yellow: t.lightYellow, red: t.lightRed }]));
    const teamNames = new Map(k.team.map((t) => [t.id, t.name]));
    const teams = chosen.teams.map((t) => ({ id: t.id, name: t.name, color: t.color, dashboard: teamDashboard(t.id, k.ticketLight, thresholds.get(t.id), now) }));
    const humans = chosen.members.map((m) => ({ id: m.id, name: m.name, email: m.email, stats: humanStats(m.id, k.ticketLight, (teamId) => thresholds.get(teamId), now), teamNames }));
    return { teams, humans, mine: chosen.mine, hasTeams: k.team.length > 0 };
  }, [cases, userId, isAdmin, now]);

  return { loading: loading || !configArrived, flows: cases.k.caseFlow, types: cases.types, statesOf: cases.statesOf, typeName: cases.typeName, hasCases: cases.hasCases, figuresAt: cases.figuresAt, ...people };
}
