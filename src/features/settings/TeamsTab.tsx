import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDoc, TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { MembersSection } from './MembersSection.tsx';
import { TeamCard } from './TeamCard.tsx';
import { TeamFormDialog } from './TeamFormDialog.tsx';
import { usePendingIds } from './usePendingIds.ts';
import { useTeamsData } from './useTeamsData.ts';

/**
 * Part 1 §2 Teams/Members: the teams with their engine, members, lights and channels; the members with their
 * teams. A team's initials buttons filter the member list to one person; changes still in the outbox are marked.
 */
export function TeamsTab() {
  const { t } = useTranslation();
  const data = useTeamsData();
  const [editing, setEditing] = useState<TeamDoc | 'new' | null>(null);
  const [person, setPerson] = useState<string | null>(null);
  const pendingTeams = usePendingIds(['team.'], ['teamId']);
  const membersById = new Map(data.members.map((member) => [member.id, member]));
  const peopleOf = (teamId: string) => data.linksOf(teamId).flatMap((link) => (membersById.has(link.memberId) ? [membersById.get(link.memberId)!] : []));
  const engineName = (id: string | null) => data.engines.find((engine) => engine.id === id)?.name ?? t('settings.teams.noEngine');
  if (data.loading) return <p className="text-slate-600">{t('settings.loading')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="teams-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="teams-heading" className="text-lg font-semibold text-slate-900">
            {t('settings.teams.heading')}
          </h2>
          <Button onClick={() => setEditing('new')}>{t('settings.teams.new')}</Button>
        </div>
        {data.teams.length === 0 ? (
          <EmptyState icon="empty" title={t('settings.teams.none')} text={t('settings.teams.noneText')} />
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="teams-list">
            {data.teams.map((team) => (
              <TeamCard
                key={team.id}
                team={team}
                engineName={engineName(team.engineId)}
                people={peopleOf(team.id).sort((a: MemberDoc, b: MemberDoc) => a.name.localeCompare(b.name))}
                pending={pendingTeams.has(team.id)}
                person={person}
                onPerson={setPerson}
                onEdit={() => setEditing(team)}
              />
            ))}
          </ul>
        )}
      </section>
      <MembersSection data={data} person={person} onClearPerson={() => setPerson(null)} />
      <TeamFormDialog open={editing !== null} onClose={() => setEditing(null)} team={editing === 'new' ? null : editing} data={data} />
    </div>
  );
}
