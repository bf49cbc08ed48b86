import { useMemo } from 'react';
import { useQuery } from '../../data/replica.ts';
import type { EngineDoc, MemberDoc, TeamDoc, TeamMemberDoc } from '../../domain/sync/documents.gen.ts';
import { isHiddenTeam } from '../../domain/tickets/inboxRules.ts';

export type TeamsData = {
  loading: boolean;
  teams: TeamDoc[];
  members: MemberDoc[];
  engines: EngineDoc[];
  /** The live links of a team: which member, through which link document. */
  linksOf: (teamId: string) => Array<{ linkId: string; memberId: string }>;
  teamsOfMember: (memberId: string) => TeamDoc[];
  /** The live links of a member to the teams shown: which team, through which link document. */
  teamLinksOf: (memberId: string) => Array<{ linkId: string; teamId: string }>;
};

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The teams, members and engines of the workspace, from the replica (part 1 §2 Teams/Members). */
export function useTeamsData(): TeamsData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: ['team', 'member', 'teamMember', 'engine'] } } });
  return useMemo(() => {
    const live = docs.filter((doc) => !doc.deleted);
    const teams = live.filter((d): d is TeamDoc => d.kind === 'team' && !isHiddenTeam(d.name)).sort(byName);
    const members = live.filter((d): d is MemberDoc => d.kind === 'member').sort(byName);
    const engines = live.filter((d): d is EngineDoc => d.kind === 'engine').sort(byName);
    const links = live.filter((d): d is TeamMemberDoc => d.kind === 'teamMember');
    const teamsById = new Map(teams.map((team) => [team.id, team]));
    return {
      loading,
      teams,
      members,
      engines,
      linksOf: (teamId) => links.filter((l) => l.teamId === teamId).map((l) => ({ linkId: l.id, memberId: l.memberId })),
      teamsOfMember: (memberId) => links.flatMap((l) => (l.memberId === memberId && teamsById.has(l.teamId) ? [teamsById.get(l.teamId)!] : [])),
      teamLinksOf: (memberId) => links.flatMap((l) => (l.memberId === memberId && teamsById.has(l.teamId) ? [{ linkId: l.id, teamId: l.teamId }] : [])),
    };
  }, [docs, loading]);
}
