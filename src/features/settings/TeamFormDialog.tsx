import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFY_CHANNELS, RED_MAX, TEAM_COLORS, YELLOW_MAX } from '../../domain/settings/teamRules.ts';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { NoteField } from '../tickets/NoteField.tsx';
import { SelectField } from '../tickets/SelectField.tsx';
import { teamBadgeClass } from '../tickets/badgeColors.ts';
import { useTeamForm } from './useTeamForm.ts';
import type { TeamsData } from './useTeamsData.ts';
import { FormFooter } from './FormFooter.tsx';

type Props = { open: boolean; onClose: () => void; team: TeamDoc | null; data: TeamsData };

/** Part 1 §2 team form, in a modal: opened fresh each time, so it starts from the team as it is then. */
export function TeamFormDialog({ open, onClose, team, data }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={team === null ? t('settings.teams.newTitle') : t('settings.teams.editTitle', { name: team.name })} wide>
      {open && <TeamForm team={team} data={data} onClose={onClose} />}
    </Dialog>
  );
}

const CHECK = 'h-4 w-4 rounded border-slate-400 accent-slate-800';
const INPUT = 'w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus';

function TeamForm({ team, data, onClose }: { team: TeamDoc | null; data: TeamsData; onClose: () => void }) {
  const { t } = useTranslation();
  const { values, set, correctThresholds, nameError, refusal, busy, submit } = useTeamForm(team, data, onClose);
  const ids = { yellow: useId(), red: useId(), hint: useId() };
  const toggle = <V extends string>(list: readonly V[], value: V) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NoteField label={t('settings.teams.name')} value={values.name} onChange={(v) => set('name', v)} error={nameError ?? undefined} maxLength={100} autoFocus />
        <SelectField
          label={t('settings.teams.engine')}
          value={values.engineId}
          options={[{ value: '', label: t('settings.teams.noEngine') }, ...data.engines.map((engine) => ({ value: engine.id, label: engine.name }))]}
          onChange={(v) => set('engineId', v)}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">{t('settings.teams.members')}</legend>
        <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2" data-testid="team-members">
          {data.members.map((member) => (
            <label key={member.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className={CHECK} checked={values.memberIds.includes(member.id)} onChange={() => set('memberIds', toggle(values.memberIds, member.id))} />
              {member.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">{t('settings.teams.color')}</legend>
        <div className="flex flex-wrap gap-2">
          {TEAM_COLORS.map((color, i) => (
            <label key={color} className={`flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-sm ring-1 ${teamBadgeClass(color)}`}>
              <input type="radio" name="team-color" className={CHECK} checked={values.color === color} onChange={() => set('color', color)} />
              {t('settings.teams.colorN', { n: i + 1 })}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('settings.teams.advanced')}</legend>
        <div className="flex flex-wrap gap-4">
          <label htmlFor={ids.yellow} className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            {t('settings.teams.yellow')}
            <input id={ids.yellow} className={INPUT} inputMode="numeric" aria-describedby={ids.hint} value={values.lightYellow} onChange={(e) => set('lightYellow', e.target.value)} onBlur={correctThresholds} />
          </label>
          <label htmlFor={ids.red} className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            {t('settings.teams.red')}
            <input id={ids.red} className={INPUT} inputMode="numeric" aria-describedby={ids.hint} value={values.lightRed} onChange={(e) => set('lightRed', e.target.value)} onBlur={correctThresholds} />
          </label>
        </div>
        <p id={ids.hint} className="text-xs text-slate-600">
          {t('settings.teams.thresholdHint', { yellowMax: YELLOW_MAX, redMax: RED_MAX })}
        </p>
        <div className="flex flex-wrap gap-3" role="group" aria-label={t('settings.teams.channels')}>
          {NOTIFY_CHANNELS.map((channel) => (
            <label key={channel} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className={CHECK} checked={values.notifyChannels.includes(channel)} onChange={() => set('notifyChannels', toggle(values.notifyChannels, channel))} />
              {t(`settings.teams.channel.${channel}`)}
            </label>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <NoteField label={t('settings.teams.webhookEmail')} value={values.webhookEmail} onChange={(v) => set('webhookEmail', v)} maxLength={200} />
          <NoteField label={t('settings.teams.slackLink')} value={values.slackLink} onChange={(v) => set('slackLink', v)} maxLength={500} />
        </div>
      </fieldset>
      <FormFooter onClose={onClose} busy={busy} refusal={refusal} />
    </form>
  );
}
