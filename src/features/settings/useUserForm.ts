import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { enabledModuleSet } from '../../domain/access/modules.ts';
import { teamChanges } from '../../domain/settings/memberRules.ts';
import { accountKey, USER_MESSAGES, userFieldErrors, type UserFields, type UserRoleValue, type UserStatusValue } from '../../domain/settings/userRules.ts';
import type { UserDoc } from '../../domain/sync/documents.gen.ts';
import type { AccountsData } from './useAccountsData.ts';

export type UserFormValues = {
  name: string;
  username: string;
  email: string;
  phone: string;
  role: UserRoleValue;
  language: 'en' | 'es';
  status: UserStatusValue;
  systemVisibility: boolean;
  enabledModules: string[];
  engineIds: string[];
  teamIds: string[];
};
export type UserFieldErrors = Partial<Record<keyof UserFields, string>>;

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/** The rules' messages as the form says them, in the user's language. */
const ERROR_KEYS: Record<string, string> = {
  [USER_MESSAGES.required]: 'accounts.errors.required',
  [USER_MESSAGES.usernameRequired]: 'accounts.errors.usernameRequired',
  [USER_MESSAGES.email]: 'accounts.errors.email',
  [USER_MESSAGES.phone]: 'accounts.errors.phone',
  'The username cannot contain spaces': 'accounts.errors.spaces',
  'Invalid email address format': 'accounts.errors.usernameFormat',
};

function initialValues(user: UserDoc | null, data: AccountsData): UserFormValues {
  if (user === null) {
    return { name: '', username: '', email: '', phone: '', role: 'NORMAL', language: 'en', status: 0, systemVisibility: false, enabledModules: [], engineIds: [], teamIds: [] };
  }
  const member = data.memberOf(user.id);
  return {
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone ?? '',
    role: user.role as UserRoleValue,
    language: user.language === 'es' ? 'es' : 'en',
    status: ([0, 1, 2].includes(user.status) ? user.status : 0) as UserStatusValue,
    systemVisibility: user.systemVisibility,
    enabledModules: [...enabledModuleSet(user.enabledModules)],
    engineIds: data.engineLinksOf(user.id).map((l) => l.engineId),
    teamIds: member ? data.teamLinksOf(member.id).map((l) => l.teamId) : [],
  };
}

/**
 * The user form's state and its save (part 1 §2, §5, §8): the account as one mutation (user.create or user.update,
 * engines included), then the team changes of its member record (team.addMember / team.removeMember), queued in
 * order, so the save works offline and reaches the server once. Uniqueness is checked against the replica; the
 * server checks every workspace.
 */
export function useUserForm(user: UserDoc | null, data: AccountsData, onSaved: (userId: string) => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(user, data));
  const [errors, setErrors] = useState<UserFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    // A message is about what was there when Save was pressed: a field being changed drops its own.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => field !== key && !(key === 'email' && field === 'username'))));
    setValues((v) => {
      // A new account signs in with its e-mail unless the administrator names another username.
      const follows = key === 'email' && user === null && (v.username === '' || v.username === v.email);
      return { ...v, [key]: value, ...(follows ? { username: value as string } : {}) };
    });
  };

  function check(): UserFieldErrors {
    const found: UserFieldErrors = {};
    for (const [field, message] of Object.entries(userFieldErrors(values)) as Array<[keyof UserFields, string]>) {
      found[field] = t(ERROR_KEYS[message] ?? 'accounts.errors.tooLong');
    }
    const others = data.users.filter((u) => u.id !== user?.id);
    const emailOwner = others.find((u) => accountKey(u.email) === accountKey(values.email));
    if (user === null && found.email === undefined && emailOwner) found.email = t('accounts.errors.emailTaken', { name: emailOwner.name });
    if (found.username === undefined && others.some((u) => accountKey(u.username) === accountKey(values.username))) found.username = t('accounts.errors.usernameTaken');
    return found;
  }

  async function submit(): Promise<boolean> {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setRefusal(null);
    setBusy(true);
    const userId = user?.id ?? newId('usr');
    const currentLinks = user === null ? [] : data.engineLinksOf(user.id);
    const engines = values.engineIds.map((engineId) => ({ engineId, linkId: currentLinks.find((l) => l.engineId === engineId)?.linkId ?? newId('eu') }));
    const fields = {
      name: values.name.trim(),
      username: values.username.trim(),
      phone: values.phone.trim(),
      role: values.role,
      language: values.language,
      status: values.status,
      systemVisibility: values.systemVisibility,
      enabledModules: values.enabledModules,
    };
    // A person already working tickets as a member keeps that record; otherwise the account gets a new one.
    const existingMember = user === null ? data.members.find((m) => m.userId === null && accountKey(m.email) === accountKey(values.email)) : data.memberOf(user.id);
    const memberId = existingMember?.id ?? newId('mbr');
    const saved =
      user === null
        ? await mutate('user.create', { ...fields, email: values.email.trim(), userId, memberId, engines })
        : await mutate('user.update', { ...fields, userId, engines, linkIds: currentLinks.map((l) => l.linkId) });
    if (!saved.ok) {
      setBusy(false);
      setRefusal(saved.message);
      showToast('error', t(user === null ? 'accounts.notices.createFailed' : 'accounts.notices.updateFailed'), { detail: saved.message });
      return false;
    }
    if (user === null || existingMember) {
      const links = existingMember ? data.teamLinksOf(existingMember.id) : [];
      const { add, remove } = teamChanges(links, values.teamIds);
      const teamOfLink = new Map(links.map((link) => [link.linkId, link.teamId]));
      for (const teamId of add) await mutate('team.addMember', { teamId, memberId, linkId: newId('tml') });
      // A new account on an existing member adds teams to it and takes none away.
      for (const linkId of user === null ? [] : remove) await mutate('team.removeMember', { teamId: teamOfLink.get(linkId), linkId });
    }
    setBusy(false);
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(user === null ? 'accounts.notices.created' : 'accounts.notices.updated'));
    else showToast('info', t('settings.queued'));
    onSaved(userId);
    return true;
  }

  return { values, set, errors, refusal, busy, submit };
}
