import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelsOf } from '../../domain/settings/teamRules.ts';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ColorBadge } from '../tickets/ColorBadge.tsx';
import { teamBadgeClass } from '../tickets/badgeColors.ts';
import { MembersSection } from './MembersSection.tsx';
import { TeamFormDialog } from './TeamFormDialog.tsx';
import { useTeamsData } from './useTeamsData.ts';

/** Part 1 §2 Teams/Members: the teams with their engine, members, lights and channels; the members with their teams. */
export function TeamsTab() {
  const { t } = useTranslation();
  const data = useTeamsData();
  const [editing, setEditing] = useState<TeamDoc | 'new' | null>(null);
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
            {data.teams.map((team) => {
              const channels = channelsOf(team.notifyChannels);
              return (
                <li key={team.id} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4" data-team-id={team.id}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <ColorBadge label={team.name} colorClass={teamBadgeClass(team.color)} />
                    <Button size="sm" variant="secondary" onClick={() => setEditing(team)} aria-label={t('settings.teams.editNamed', { name: team.name })}>
                      {t('settings.teams.edit')}
                    </Button>
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-600">{t('settings.teams.engine')}</dt>
                    <dd>{engineName(team.engineId)}</dd>
                    <dt className="text-slate-600">{t('settings.teams.members')}</dt>
                    <dd>{data.linksOf(team.id).length}</dd>
                    <dt className="text-slate-600">{t('settings.teams.lights')}</dt>
                    <dd data-testid="team-lights">{t('settings.teams.lightsValue', { yellow: team.lightYellow, red: team.lightRed })}</dd>
                    <dt className="text-slate-600">{t('settings.teams.channels')}</dt>
                    <dd>{channels.length === 0 ? '—' : channels.map((c) => t(`settings.teams.channel.${c}`)).join(', ')}</dd>
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <MembersSection data={data} />
      <TeamFormDialog open={editing !== null} onClose={() => setEditing(null)} team={editing === 'new' ? null : editing} data={data} />
    </div>
  );
}
