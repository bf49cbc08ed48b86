import { useMemo } from 'react';
import { useDoc, useQuery } from '../../data/replica.ts';
import type { CaseDoc, MemberDoc, TeamDoc, TeamMemberDoc } from '../../domain/sync/documents.gen.ts';
import { isHiddenTeam } from '../../domain/tickets/inboxRules.ts';

export type TicketFormOptions = {
  /** The teams users may pick, by name; a ticket already in a hidden team keeps it listed. */
  teams: (currentTeamId: string) => TeamDoc[];
  /** The members of a team, by name: the assignee picker's choices. */
  membersOf: (teamId: string) => MemberDoc[];
};

/** How many case ids the case field suggests as one types. */
const CASE_SUGGESTIONS = 20;

/**
 * The case field's suggestions (ids starting with what was typed, read by the primary index, so a replica of
 * 100,000 cases is not loaded) and whether the typed id is a case of the replica.
 */
export function useCaseChoices(input: string): { suggestions: CaseDoc[]; exists: (caseId: string) => boolean } {
  const needle = input.trim();
  const selector = needle === '' ? {} : { id: { $gte: needle, $lt: `${needle}\uffff` } };
  const found = useQuery('cases', { selector, sort: [{ id: 'asc' }], limit: CASE_SUGGESTIONS });
  const typed = useDoc('cases', needle === '' ? null : needle);
  return {
    suggestions: found.docs.filter((doc) => !doc.deleted),
    exists: (caseId) => typed !== null && typed !== undefined && !typed.deleted && typed.id === caseId,
  };
}

/** What the ticket form picks from, read from the replica (only while the form is shown). */
export function useTicketFormOptions(): TicketFormOptions {
  const config = useQuery('config', { selector: { kind: { $in: ['team', 'member', 'teamMember'] } } });

  return useMemo(() => {
    const live = config.docs.filter((doc) => !doc.deleted);
    const allTeams = live.filter((doc): doc is TeamDoc => doc.kind === 'team').sort((a, b) => a.name.localeCompare(b.name));
    const members = new Map(live.filter((doc): doc is MemberDoc => doc.kind === 'member').map((member) => [member.id, member]));
    const links = live.filter((doc): doc is TeamMemberDoc => doc.kind === 'teamMember');
    return {
      teams: (currentTeamId) => allTeams.filter((team) => !isHiddenTeam(team.name) || team.id === currentTeamId),
      membersOf: (teamId) =>
        links
          .filter((link) => link.teamId === teamId)
          .flatMap((link) => members.get(link.memberId) ?? [])
          .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }, [config.docs]);
}
