import { useTranslation } from 'react-i18next';
import { agentPrefix } from '../../domain/notes/noteText.ts';
import { channelsOf, peopleFilter } from '../../domain/settings/teamRules.ts';
import type { MemberDoc, TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { ColorBadge } from '../tickets/ColorBadge.tsx';
import { teamBadgeClass } from '../tickets/badgeColors.ts';

type Props = {
  team: TeamDoc;
  engineName: string;
  people: MemberDoc[];
  pending: boolean;
  /** The member the people filter shows, if any. */
  person: string | null;
  onPerson: (memberId: string | null) => void;
  onEdit: () => void;
};

/**
 * One team: its engine, lights and channels, and its people as up to five initials buttons (part 1 §9) that
 * filter the member list to one person; pressed again, the filter is cleared.
 */
export function TeamCard({ team, engineName, people, pending, person, onPerson, onEdit }: Props) {
  const { t } = useTranslation();
  const channels = channelsOf(team.notifyChannels);
  const { shown, more } = peopleFilter(people);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4" data-team-id={team.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <ColorBadge label={team.name} colorClass={teamBadgeClass(team.color)} />
          {pending && <Badge tone="yellow">{t('settings.pending')}</Badge>}
        </span>
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t('settings.teams.editNamed', { name: team.name })}>
          {t('settings.teams.edit')}
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('settings.teams.engine')}</dt>
        <dd>{engineName}</dd>
        <dt className="text-slate-600">{t('settings.teams.members')}</dt>
        <dd>{people.length}</dd>
        <dt className="text-slate-600">{t('settings.teams.lights')}</dt>
        <dd data-testid="team-lights">{t('settings.teams.lightsValue', { yellow: team.lightYellow, red: team.lightRed })}</dd>
        <dt className="text-slate-600">{t('settings.teams.channels')}</dt>
        <dd>{channels.length === 0 ? '—' : channels.map((c) => t(`settings.teams.channel.${c}`)).join(', ')}</dd>
      </dl>
      {shown.length > 0 && (
        <div role="group" aria-label={t('settings.teams.people', { name: team.name })} className="flex flex-wrap items-center gap-1" data-testid="people-filter">
          {shown.map((member) => (
            <button
              key={member.id}
              type="button"
              aria-pressed={person === member.id}
              // The visible initials start the name, so speech input ("click N A") finds the button too.
              aria-label={`${agentPrefix(member.name)}: ${t('settings.teams.showPerson', { name: member.name })}`}
              onClick={() => onPerson(person === member.id ? null : member.id)}
              className={`rounded-full p-0.5 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700 ${person === member.id ? 'ring-2 ring-sky-700' : ''}`}
            >
              <Avatar name={member.name} initials={agentPrefix(member.name)} colorKey={member.id} />
            </button>
          ))}
          {more > 0 && <span className="text-xs text-slate-600">{t('settings.teams.morePeople', { count: more })}</span>}
        </div>
      )}
    </li>
  );
}
