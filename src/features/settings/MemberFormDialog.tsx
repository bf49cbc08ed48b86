import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_EMAIL_MAX, MEMBER_NAME_MAX, MEMBER_SLACK_MAX } from '../../domain/settings/memberRules.ts';
import type { MemberDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { NoteField } from '../tickets/NoteField.tsx';
import { teamBadgeClass } from '../tickets/badgeColors.ts';
import { useMemberForm } from './useMemberForm.ts';
import type { TeamsData } from './useTeamsData.ts';
import { FormFooter } from './FormFooter.tsx';

type Props = { open: boolean; onClose: () => void; member: MemberDoc | null; data: TeamsData };

/** Part 1 §2 member form (name, e-mail, teams, member id and Slack id), in a modal opened fresh each time. */
export function MemberFormDialog({ open, onClose, member, data }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={member === null ? t('settings.members.newTitle') : t('settings.members.editTitle', { name: member.name })} wide>
      {open && <MemberForm member={member} data={data} onClose={onClose} />}
    </Dialog>
  );
}

const CHECK = 'h-4 w-4 rounded border-slate-400 accent-slate-800';

function MemberForm({ member, data, onClose }: { member: MemberDoc | null; data: TeamsData; onClose: () => void }) {
  const { t } = useTranslation();
  const { values, set, errors, refusal, busy, submit } = useMemberForm(member, data, onClose);
  const idField = useId();
  const toggle = (teamId: string) => set('teamIds', values.teamIds.includes(teamId) ? values.teamIds.filter((id) => id !== teamId) : [...values.teamIds, teamId]);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit().then((saved) => {
          // Focus the first field that needs attention, so a keyboard user lands where the message is.
          if (!saved) event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NoteField label={t('settings.members.name')} value={values.name} onChange={(v) => set('name', v)} error={errors.name} maxLength={MEMBER_NAME_MAX} autoFocus />
        <NoteField label={t('settings.members.email')} value={values.email} onChange={(v) => set('email', v)} error={errors.email} maxLength={MEMBER_EMAIL_MAX} />
        <NoteField
          label={t('settings.members.slack')}
          hint={t('settings.members.slackHint')}
          value={values.slackLink}
          onChange={(v) => set('slackLink', v)}
          error={errors.slackLink}
          maxLength={MEMBER_SLACK_MAX}
        />
        {member !== null && (
          <div className="flex flex-col gap-1">
            <label htmlFor={idField} className="text-sm font-semibold text-slate-800">
              {t('settings.members.memberId')}
            </label>
            <input id={idField} readOnly value={member.id} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-700" />
          </div>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">{t('settings.members.teams')}</legend>
        {data.teams.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.members.noTeams')}</p>
        ) : (
          <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2" data-testid="member-teams">
            {data.teams.map((team) => (
              <label key={team.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className={CHECK} checked={values.teamIds.includes(team.id)} onChange={() => toggle(team.id)} />
                <span className={`rounded-full px-2 py-0.5 ring-1 ${teamBadgeClass(team.color)}`}>{team.name}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <FormFooter onClose={onClose} busy={busy} refusal={refusal} />
    </form>
  );
}
