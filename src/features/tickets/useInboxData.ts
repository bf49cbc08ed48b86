import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
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
  caseTypeOfCase: ReadonlyMap<string, CaseTypeDoc>;
  thresholdsOf: (teamId: string) => TeamThresholds | null;
};

/** Everything the inbox reads from the replica: open tickets and the teams, members and case types around them. */
export function useInboxData(): InboxData {
  const snapshot = useAtomValue(accountAtom);
  const userId = snapshot?.account.id ?? '';
  const role = snapshot?.account.role ?? '';
  const tickets = useQuery('tickets', { selector: { state: 'open' } });
  const config = useQuery('config', { selector: { kind: { $in: ['team', 'member', 'teamMember', 'caseType'] } } });
  const caseIds = useMemo(() => [...new Set(tickets.docs.map((t) => t.caseId).filter((id): id is string => id !== null))].sort(), [tickets.docs]);
  const cases = useQuery('cases', caseIds.length === 0 ? null : { selector: { id: { $in: caseIds } } });

  return useMemo(() => {
    const teams = ofKind(config.docs, 'team').filter((team) => !team.deleted);
    const members = ofKind(config.docs, 'member').filter((member) => !member.deleted);
    const links = ofKind(config.docs, 'teamMember').filter((link: TeamMemberDoc) => !link.deleted);
    const caseTypes = new Map(ofKind(config.docs, 'caseType').map((type) => [type.id, type]));
    const teamsById = new Map(teams.map((team) => [team.id, team]));
    const me = members.find((member) => member.userId === userId);
    const myTeamIds = new Set(me === undefined ? [] : links.filter((link) => link.memberId === me.id).map((link) => link.teamId));
    const caseTypeOfCase = new Map<string, CaseTypeDoc>();
    for (const doc of cases.docs) {
      const type = caseTypes.get(doc.caseTypeId);
      if (type !== undefined) caseTypeOfCase.set(doc.id, type);
    }
    return {
      loading: tickets.loading || config.loading,
      userId,
      role,
      tickets: tickets.docs.filter((ticket) => !ticket.deleted).sort((a, b) => a.createdAt - b.createdAt),
      teamsById,
      listedTeams: teams.filter((team) => !isHiddenTeam(team.name)).sort((a, b) => a.name.localeCompare(b.name)),
      membersById: new Map(members.map((member) => [member.id, member])),
      membersByUserId: new Map(members.flatMap((member) => (member.userId === null ? [] : [[member.userId, member] as const]))),
      myTeamIds,
      caseTypeOfCase,
      thresholdsOf: (teamId: string) => {
        const team = teamsById.get(teamId);
        return team === undefined ? null : { yellow: team.lightYellow, red: team.lightRed };
      },
    };
  }, [tickets.docs, tickets.loading, config.docs, config.loading, cases.docs, userId, role]);
}
