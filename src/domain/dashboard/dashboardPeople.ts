/**
 * Whose figures the Teams and Humans cards list (part 1 §2, §6): an administrator sees every active team and every
 * member of one (internal 'MyBasket' teams left out); anyone else only the teams they are a member of and only themselves. The server already sends a
 * non-administrator only their own teams' and their own per-human aggregates (server/sync/visibilityRules.ts);
 * this decides the cards' rows from the configuration the replica holds.
 */
import { HIDDEN_TEAM_PREFIX } from '../tickets/inboxRules.ts';

type Team = { id: string; name: string; isActive: boolean; deleted?: boolean };
type Member = { id: string; name: string; email: string; userId: string | null; deleted?: boolean };
type Link = { teamId: string; memberId: string; deleted?: boolean };

export type DashboardPeople<T extends Team, M extends Member> = { teams: T[]; members: M[]; mine: boolean };

export function dashboardPeople<T extends Team, M extends Member>(
  viewer: { userId: string; isAdmin: boolean },
  teams: readonly T[],
  members: readonly M[],
  links: readonly Link[],
): DashboardPeople<T, M> {
  const live = links.filter((l) => !l.deleted);
  // Part 1 §9: internal 'MyBasket' teams are hidden from team lists.
  const activeTeams = teams.filter((t) => !t.deleted && t.isActive && !t.name.startsWith(HIDDEN_TEAM_PREFIX));
  const liveMembers = members.filter((m) => !m.deleted);
  const byName = <X extends { name: string }>(a: X, b: X) => a.name.localeCompare(b.name);
  if (viewer.isAdmin) {
    const activeIds = new Set(activeTeams.map((t) => t.id));
    const inTeam = new Set(live.filter((l) => activeIds.has(l.teamId)).map((l) => l.memberId));
    return { teams: activeTeams.sort(byName), members: liveMembers.filter((m) => inTeam.has(m.id)).sort(byName), mine: false };
  }
  const me = liveMembers.filter((m) => m.userId === viewer.userId);
  const myIds = new Set(me.map((m) => m.id));
  const myTeams = new Set(live.filter((l) => myIds.has(l.memberId)).map((l) => l.teamId));
  return { teams: activeTeams.filter((t) => myTeams.has(t.id)).sort(byName), members: me, mine: true };
}
