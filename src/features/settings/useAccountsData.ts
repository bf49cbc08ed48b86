import { useMemo } from 'react';
import { useQuery } from '../../data/replica.ts';
import type { AppDoc, EngineDoc, EngineUserDoc, MemberDoc, TeamDoc, TeamMemberDoc, UserDoc } from '../../domain/sync/documents.gen.ts';
import { isHiddenTeam } from '../../domain/tickets/inboxRules.ts';
import { usePendingIds } from './usePendingIds.ts';

export type AccountsData = {
  loading: boolean;
  users: UserDoc[];
  engines: EngineDoc[];
  teams: TeamDoc[];
  members: MemberDoc[];
  /** The live engine links of a user: which engine, through which link document. */
  engineLinksOf: (userId: string) => Array<{ linkId: string; engineId: string }>;
  enginesOf: (userId: string) => EngineDoc[];
  appsOf: (userId: string) => AppDoc[];
  /** The member record the account works tickets as, if any. */
  memberOf: (userId: string) => MemberDoc | undefined;
  /** The live team links of a member: which team, through which link document. */
  teamLinksOf: (memberId: string) => Array<{ linkId: string; teamId: string }>;
  /** Users with a change still waiting in the outbox. */
  pendingIds: ReadonlySet<string>;
};

const KINDS = ['user', 'engine', 'engineUser', 'member', 'team', 'teamMember', 'app'];
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The workspace's users with their engines, apps, member record and teams, from the replica (part 1 §2 Accounts). */
export function useAccountsData(): AccountsData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: KINDS } } });
  const pendingIds = usePendingIds(['user.'], ['userId']);
  return useMemo(() => {
    const live = docs.filter((doc) => !doc.deleted);
    const of = <D,>(kind: string) => live.filter((d) => d.kind === kind) as D[];
    const users = of<UserDoc>('user').sort(byName);
    const engines = of<EngineDoc>('engine').sort(byName);
    const teams = of<TeamDoc>('team').filter((team) => !isHiddenTeam(team.name)).sort(byName);
    const members = of<MemberDoc>('member');
    const engineLinks = of<EngineUserDoc>('engineUser');
    const teamLinks = of<TeamMemberDoc>('teamMember');
    const apps = of<AppDoc>('app').sort(byName);
    const enginesById = new Map(engines.map((engine) => [engine.id, engine]));
    const teamIds = new Set(teams.map((team) => team.id));
    const engineLinksOf = (userId: string) => engineLinks.filter((l) => l.userId === userId && enginesById.has(l.engineId)).map((l) => ({ linkId: l.id, engineId: l.engineId }));
    return {
      loading,
      users,
      engines,
      teams,
      members,
      engineLinksOf,
      enginesOf: (userId) => engineLinksOf(userId).map((l) => enginesById.get(l.engineId)!).sort(byName),
      appsOf: (userId) => apps.filter((app) => app.ownerUserId === userId),
      memberOf: (userId) => members.find((m) => m.userId === userId),
      teamLinksOf: (memberId) => teamLinks.filter((l) => l.memberId === memberId && teamIds.has(l.teamId)).map((l) => ({ linkId: l.id, teamId: l.teamId })),
      pendingIds,
    };
  }, [docs, loading, pendingIds]);
}
