import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_MODULES, FORM_ROLES, INVITATION_TTL_HOURS, USER_EMAIL_MAX, USER_NAME_MAX, USER_PHONE_MAX, USER_USERNAME_MAX, type UserRoleValue, type UserStatusValue } from '../../domain/settings/userRules.ts';
import type { UserDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { NoteField } from '../tickets/NoteField.tsx';
import { FormFooter } from './FormFooter.tsx';
import type { AccountsData } from './useAccountsData.ts';
import { useUserForm } from './useUserForm.ts';

type Props = { open: boolean; onClose: () => void; onSaved: (userId: string) => void; user: UserDoc | null; data: AccountsData; selfId: string | null };

/** Part 1 §2 user form (name, username, e-mail never editable, phone, role, language, visibility, engines, modules), in a modal. */
export function UserFormDialog({ open, onClose, onSaved, user, data, selfId }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={user === null ? t('accounts.form.newTitle') : t('accounts.form.editTitle', { name: user.name })} wide>
      {open && <UserForm user={user} data={data} onClose={onClose} onSaved={onSaved} self={user !== null && user.id === selfId} />}
    </Dialog>
  );
}

const CHECK = 'h-4 w-4 rounded border-slate-400 accent-slate-800';
const BOX = 'grid max-h-44 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2';

type ListKey = 'enabledModules' | 'engineIds' | 'teamIds';

function UserForm({ user, data, onClose, onSaved, self }: { user: UserDoc | null; data: AccountsData; onClose: () => void; onSaved: (id: string) => void; self: boolean }) {
  const { t } = useTranslation();
  const { values, set, errors, refusal, busy, submit } = useUserForm(user, data, (id) => {
    onSaved(id);
    onClose();
  });
  const emailId = useId();
  const modulesError = useId();
  const toggle = (key: ListKey, id: string) => set(key, values[key].includes(id) ? values[key].filter((v) => v !== id) : [...values[key], id]);
  // Part 1 §6: the form names only ADMIN and NORMAL; an account with another role keeps it unless changed.
  const roles: UserRoleValue[] = FORM_ROLES.includes(values.role as 'ADMIN' | 'NORMAL') ? [...FORM_ROLES] : [...FORM_ROLES, values.role];
  const showTeams = user === null || data.memberOf(user.id) !== undefined;
  const checks = (key: ListKey, items: ReadonlyArray<{ id: string; label: string }>, testId: string) => (
    <div className={BOX} data-testid={testId}>
      {items.map((item) => (
        <label key={item.id} className="flex items-center gap-2 text-sm">
          <input type="checkbox" className={CHECK} checked={values[key].includes(item.id)} onChange={() => toggle(key, item.id)} />
          {item.label}
        </label>
      ))}
    </div>
  );
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void submit().then((saved) => {
          // Focus the first field that needs attention, so a keyboard user lands where the message is.
          if (!saved) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        });
      }}
    >
      {user === null && <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">{t('accounts.form.invitation', { hours: INVITATION_TTL_HOURS })}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <NoteField label={t('accounts.form.name')} value={values.name} onChange={(v) => set('name', v)} error={errors.name} maxLength={USER_NAME_MAX} autoFocus />
        {user === null ? (
          <NoteField label={t('accounts.form.email')} value={values.email} onChange={(v) => set('email', v)} error={errors.email} maxLength={USER_EMAIL_MAX} />
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor={emailId} className="text-sm font-semibold text-slate-800">
              {t('accounts.form.email')}
            </label>
            <input id={emailId} readOnly value={values.email} aria-describedby={`${emailId}-hint`} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-all text-slate-700" />
            <span id={`${emailId}-hint`} className="text-xs text-slate-600">
              {t('accounts.form.emailLocked')}
            </span>
          </div>
        )}
        <NoteField label={t('accounts.form.username')} value={values.username} onChange={(v) => set('username', v)} error={errors.username} maxLength={USER_USERNAME_MAX} />
        <NoteField label={t('accounts.form.phone')} value={values.phone} onChange={(v) => set('phone', v)} error={errors.phone} maxLength={USER_PHONE_MAX} />
        {!self && <Select<UserRoleValue> label={t('accounts.form.role')} value={values.role} onChange={(v) => set('role', v)} options={roles.map((r) => ({ value: r, label: t(`accounts.roles.${r}`) }))} />}
        <Select<'en' | 'es'> label={t('accounts.form.language')} value={values.language} onChange={(v) => set('language', v)} options={(['en', 'es'] as const).map((l) => ({ value: l, label: t(`accounts.form.languages.${l}`) }))} />
        {!self && (
          <Select<`${UserStatusValue}`>
            label={t('accounts.form.status')}
            value={`${values.status}`}
            onChange={(v) => set('status', Number(v) as UserStatusValue)}
            options={(['0', '1', '2'] as const).map((s) => ({ value: s, label: t(`accounts.status.${['active', 'inactive', 'expired'][Number(s)]}`) }))}
          />
        )}
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" className={CHECK} checked={values.systemVisibility} onChange={(e) => set('systemVisibility', e.target.checked)} />
          {t('accounts.form.visibility')}
        </label>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.enabledModules ? modulesError : undefined} aria-invalid={errors.enabledModules !== undefined}>
        <legend className="text-sm font-semibold text-slate-800">{t('accounts.form.modules')}</legend>
        {checks('enabledModules', ASSIGNABLE_MODULES.map((m) => ({ id: m, label: t(`accounts.form.moduleNames.${m}`) })), 'user-modules')}
        {errors.enabledModules && (
          <p id={modulesError} className="text-sm text-red-700">
            {errors.enabledModules}
          </p>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">{t('accounts.form.engines')}</legend>
        {data.engines.length === 0 ? <p className="text-sm text-slate-600">{t('accounts.form.noEngines')}</p> : checks('engineIds', data.engines.map((e) => ({ id: e.id, label: e.name })), 'user-engines')}
      </fieldset>
      {showTeams && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-slate-800">{t('accounts.form.teams')}</legend>
          {data.teams.length === 0 ? <p className="text-sm text-slate-600">{t('accounts.form.noTeams')}</p> : checks('teamIds', data.teams.map((team) => ({ id: team.id, label: team.name })), 'user-teams')}
        </fieldset>
      )}
      <FormFooter onClose={onClose} busy={busy} refusal={refusal} />
    </form>
  );
}

