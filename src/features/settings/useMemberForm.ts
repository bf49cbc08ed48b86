import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { emailTakenBy, MEMBER_MESSAGES, memberFieldErrors, teamChanges, type MemberFields } from '../../domain/settings/memberRules.ts';
import type { MemberDoc } from '../../domain/sync/documents.gen.ts';
import type { TeamsData } from './useTeamsData.ts';

export type MemberFormValues = { name: string; email: string; slackLink: string; teamIds: string[] };
export type MemberFieldErrors = Partial<Record<keyof MemberFields, string>>;

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/** The rules' messages as the form says them, in the user's language. */
const ERROR_KEYS: Record<string, string> = {
  [MEMBER_MESSAGES.required]: 'settings.members.errors.required',
  [MEMBER_MESSAGES.email]: 'settings.members.errors.email',
  [MEMBER_MESSAGES.slack]: 'settings.members.errors.slack',
};

const initialValues = (member: MemberDoc | null, data: TeamsData): MemberFormValues =>
  member === null
    ? { name: '', email: '', slackLink: '', teamIds: [] }
    : { name: member.name, email: member.email, slackLink: member.slackLink ?? '', teamIds: data.teamLinksOf(member.id).map((link) => link.teamId) };

/**
 * The member form's state and its save (part 1 §2, §7, §8): the member, then each team change (team.addMember /
 * team.removeMember, as the team form sends them), queued as mutations in order, so the save works offline and
 * reaches the server once. The e-mail is checked against the members this replica shows; the server checks all.
 */
export function useMemberForm(member: MemberDoc | null, data: TeamsData, onSaved: () => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(member, data));
  const [errors, setErrors] = useState<MemberFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof MemberFormValues>(key: K, value: MemberFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function check(): MemberFieldErrors {
    const found: MemberFieldErrors = {};
    for (const [field, message] of Object.entries(memberFieldErrors(values)) as Array<[keyof MemberFields, string]>) {
      found[field] = t(ERROR_KEYS[message] ?? 'settings.members.errors.tooLong');
    }
    const taken = found.email === undefined ? emailTakenBy(data.members, values.email, member?.id ?? null) : undefined;
    if (taken) found.email = t('settings.members.errors.emailTaken', { name: taken.name });
    return found;
  }

  async function submit(): Promise<boolean> {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setRefusal(null);
    setBusy(true);
    const memberId = member?.id ?? newId('mbr');
    const saved = await mutate(member === null ? 'member.create' : 'member.update', {
      memberId,
      name: values.name.trim(),
      email: values.email.trim(),
      slackLink: values.slackLink.trim(),
    });
    if (!saved.ok) {
      setBusy(false);
      setRefusal(saved.message);
      showToast('error', t(member === null ? 'settings.members.addFailed' : 'settings.members.editFailed'), { detail: saved.message });
      return false;
    }
    const { add, remove } = teamChanges(member === null ? [] : data.teamLinksOf(member.id), values.teamIds);
    const teamOfLink = new Map((member === null ? [] : data.teamLinksOf(member.id)).map((link) => [link.linkId, link.teamId]));
    for (const teamId of add) await mutate('team.addMember', { teamId, memberId, linkId: newId('tml') });
    for (const linkId of remove) await mutate('team.removeMember', { teamId: teamOfLink.get(linkId), linkId });
    setBusy(false);
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(member === null ? 'settings.members.added' : 'settings.members.edited'));
    else showToast('info', t('settings.queued'));
    onSaved();
    return true;
  }

  return { values, set, errors, refusal, busy, submit };
}
