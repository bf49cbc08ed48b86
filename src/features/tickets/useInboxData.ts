import { useAtomValue } from 'jotai';
import { useMemo, useRef } from 'react';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useQuery } from '../../data/replica.ts';
import type { CaseTypeDoc, ConfigDoc, MemberDoc, TeamDoc, TeamMemberDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { isHiddenTeam } from '../../domain/tickets/inboxRules.ts';
import type { TeamThresholds } from '../../domain/tickets/lightIndicator.ts';

const ofKind = <K extends ConfigDoc['kind']>(docs: readonly ConfigDoc[], kind: K) =>
  docs.filter((doc): doc is Extract<ConfigDoc, { kind: K }> => doc.kind === kind);

export type InboxData = {
  loading: boolean;
  userId: string;
  role: string;
  tickets: TicketDoc[];
  /** Every team, hidden ones included (a ticket may still belong to one). */
  teamsById: ReadonlyMap<string, TeamDoc>;
  /** The teams users may pick and see listed: internal 'MyBasket' teams left out. */
  listedTeams: TeamDoc[];
  membersById: ReadonlyMap<string, MemberDoc>;
  membersByUserId: ReadonlyMap<string, MemberDoc>;
  myTeamIds: ReadonlySet<string>;
  caseTypesById: ReadonlyMap<string, CaseTypeDoc>;
  thresholdsOf: (teamId: string) => TeamThresholds | null;
};

/**
 * The ids of the cases the tickets name, as a sorted array whose identity changes only when the set does: a claim
 * changes a ticket but not its case, so the cases query (an `$in` over every id) is not rebuilt for it.
 */
function useCaseIdsOf(tickets: readonly TicketDoc[]): string[] {
  const previous = useRef<{ set: ReadonlySet<string>; sorted: string[] }>({ set: new Set(), sorted: [] });
  return useMemo(() => {
    const set = new Set<string>();
    for (const ticket of tickets) if (ticket.caseId !== null) set.add(ticket.caseId);
    const last = previous.current;
    if (set.size === last.set.size && [...set].every((id) => last.set.has(id))) return last.sorted;
    previous.current = { set, sorted: [...set].sort() };
    return previous.current.sorted;
  }, [tickets]);
}

/** Everything the inbox reads from the replica: open tickets and the teams, members and case types around them. */
export function useInboxData(): InboxData {
  const snapshot = useAtomValue(accountAtom);
  const userId = snapshot?.account.id ?? '';
  const role = snapshot?.account.role ?? '';
  // Oldest first, sorted by the worker: a sort of 10,000 tickets on the page ran in every render of a new answer.
  const tickets = useQuery('tickets', { selector: { state: 'open' }, sort: [{ newestFirst: 'desc' }] });
  const config = useQuery('config', { selector: { kind: { $in: ['team', 'member', 'teamMember', 'caseType'] } } });

  // Three memos, so a ticket change does not rebuild the team maps and a team change does not re-filter tickets.
  const people = useMemo(() => {
    const teams = ofKind(config.docs, 'team').filter((team) => !team.deleted);
    const members = ofKind(config.docs, 'member').filter((member) => !member.deleted);
    const links = ofKind(config.docs, 'teamMember').filter((link: TeamMemberDoc) => !link.deleted);
    const teamsById = new Map(teams.map((team) => [team.id, team]));
    const me = members.find((member) => member.userId === userId);
    return {
      teamsById,
      listedTeams: teams.filter((team) => !isHiddenTeam(team.name)).sort((a, b) => a.name.localeCompare(b.name)),
      membersById: new Map(members.map((member) => [member.id, member])),
      membersByUserId: new Map(members.flatMap((member) => (member.userId === null ? [] : [[member.userId, member] as const]))),
      myTeamIds: new Set(me === undefined ? [] : links.filter((link) => link.memberId === me.id).map((link) => link.teamId)) as ReadonlySet<string>,
      caseTypesById: new Map(ofKind(config.docs, 'caseType').map((type) => [type.id, type])) as ReadonlyMap<string, CaseTypeDoc>,
      thresholdsOf: (teamId: string) => {
        const team = teamsById.get(teamId);
        return team === undefined ? null : { yellow: team.lightYellow, red: team.lightRed };
      },
    };
  }, [config.docs, userId]);
  const openTickets = useMemo(() => tickets.docs.filter((ticket) => !ticket.deleted), [tickets.docs]);

  return useMemo(
    () => ({ loading: tickets.loading || config.loading, userId, role, tickets: openTickets, ...people }),
    [tickets.loading, config.loading, userId, role, openTickets, people],
  );
}

/**
 * The case type of each ticket's case, for the case-type badges and filter. Apart from the inbox's data: on a cold
 * device the cases arrive page by page, and each page gave the inbox new data, so its lists, light counts and
 * grouping went over all 10,000 tickets again (units of 15–50 ms in a CPU profile) for what only these use.
 */
export function useCaseTypeOfCase(tickets: readonly TicketDoc[], caseTypesById: ReadonlyMap<string, CaseTypeDoc>): ReadonlyMap<string, CaseTypeDoc> {
  const caseIds = useCaseIdsOf(tickets);
  // In the background: a page of cases is not worth a render of its own while the user works.
  const cases = useQuery('cases', caseIds.length === 0 ? null : { selector: { id: { $in: caseIds } } }, { deferred: true });
  return useMemo(() => {
    const byCase = new Map<string, CaseTypeDoc>();
    for (const doc of cases.docs) {
      const type = caseTypesById.get(doc.caseTypeId);
      if (type !== undefined) byCase.set(doc.id, type);
    }
    return byCase;
  }, [cases.docs, caseTypesById]);
}
