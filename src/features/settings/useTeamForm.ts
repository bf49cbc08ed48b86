import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { channelsOf, membershipChanges, redThreshold, yellowThreshold, type NotifyChannel } from '../../domain/settings/teamRules.ts';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import type { TeamsData } from './useTeamsData.ts';

export type TeamFormValues = {
  name: string;
  engineId: string;
  color: string;
  lightYellow: string;
  lightRed: string;
  notifyChannels: NotifyChannel[];
  webhookEmail: string;
  slackLink: string;
  memberIds: string[];
};

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

function initialValues(team: TeamDoc | null, data: TeamsData): TeamFormValues {
  if (team === null) {
    return { name: '', engineId: '', color: 'color1', lightYellow: '50', lightRed: '75', notifyChannels: [], webhookEmail: '', slackLink: '', memberIds: [] };
  }
  return {
    name: team.name,
    engineId: team.engineId ?? '',
    color: team.color,
    lightYellow: String(team.lightYellow),
    lightRed: String(team.lightRed),
    notifyChannels: channelsOf(team.notifyChannels),
    webhookEmail: team.webhookEmail ?? '',
    slackLink: team.slackLink ?? '',
    memberIds: data.linksOf(team.id).map((link) => link.memberId),
  };
}

/**
 * The team form's state and its save (part 1 §2, §5, §8): thresholds out of range are corrected as the spec says
 * (shown in the field when it loses focus), the team and each membership change are queued as mutations, in order,
 * so the save works offline and reaches the server once.
 */
export function useTeamForm(team: TeamDoc | null, data: TeamsData, onSaved: () => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(team, data));
  const [nameError, setNameError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TeamFormValues>(key: K, value: TeamFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  /** What the spec does with a threshold out of range, shown as soon as the field is left. */
  const correctThresholds = () =>
    setValues((v) => ({ ...v, lightYellow: String(yellowThreshold(v.lightYellow)), lightRed: String(redThreshold(v.lightRed)) }));

  async function submit(): Promise<void> {
    if (values.name.trim() === '') {
      setNameError(t('settings.teams.nameRequired'));
      return;
    }
    setNameError(null);
    setRefusal(null);
    setBusy(true);
    const teamId = team?.id ?? newId('team');
    const fields = {
      teamId,
      name: values.name.trim(),
      engineId: values.engineId === '' ? null : values.engineId,
      color: values.color,
      lightYellow: yellowThreshold(values.lightYellow),
      lightRed: redThreshold(values.lightRed),
      notifyChannels: values.notifyChannels,
      webhookEmail: values.webhookEmail.trim(),
      slackLink: values.slackLink.trim(),
    };
    const saved = await mutate(team === null ? 'team.create' : 'team.update', fields);
    if (!saved.ok) {
      setBusy(false);
      setRefusal(saved.message);
      showToast('error', t(team === null ? 'settings.teams.addFailed' : 'settings.teams.editFailed'), { detail: saved.message });
      return;
    }
    const { add, remove } = membershipChanges(team === null ? [] : data.linksOf(team.id), values.memberIds);
    for (const memberId of add) await mutate('team.addMember', { teamId, memberId, linkId: newId('tml') });
    for (const linkId of remove) await mutate('team.removeMember', { teamId, linkId });
    setBusy(false);
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(team === null ? 'settings.teams.added' : 'settings.teams.edited'));
    else showToast('info', t('settings.queued'));
    onSaved();
  }

  return { values, set, correctThresholds, nameError, refusal, busy, submit };
}
