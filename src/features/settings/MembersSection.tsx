import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import type { MemberDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ColorBadge } from '../tickets/ColorBadge.tsx';
import { teamBadgeClass } from '../tickets/badgeColors.ts';
import { DeleteMemberDialog } from './DeleteMemberDialog.tsx';
import { MemberFormDialog } from './MemberFormDialog.tsx';
import { usePendingIds } from './usePendingIds.ts';
import type { TeamsData } from './useTeamsData.ts';

type Props = {
  data: TeamsData;
  /** The one member a team's people filter shows, or null for all. */
  person: string | null;
  onClearPerson: () => void;
};

/** Part 1 §2 Teams/Members, the members: each with its teams, Edit and Delete; a 'New member' button. */
export function MembersSection({ data, person, onClearPerson }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MemberDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MemberDoc | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const pendingMembers = usePendingIds(['member.', 'team.addMember'], ['memberId']);
  const filtered = person === null ? null : (data.members.find((member) => member.id === person) ?? null);
  const shown = filtered === null ? data.members : [filtered];

  async function remove(member: MemberDoc): Promise<void> {
    setDeleting(null);
    const linkIds = data.teamLinksOf(member.id).map((link) => link.linkId);
    const result = await mutate('member.delete', { memberId: member.id, linkIds });
    // The row whose button opened the dialog is gone: once the dialog has handed focus back, the next sensible
    // place is the list's own button.
    requestAnimationFrame(() => newButton.current?.focus());
    if (!result.ok) showToast('error', t('settings.members.deleteFailed'), { detail: result.message });
    else if (currentSyncStatus().online) showToast('success', t('settings.members.deleted'));
    else showToast('info', t('settings.queued'));
  }

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          {t('settings.members.heading')}
        </h2>
        <Button ref={newButton} onClick={() => setEditing('new')}>
          {t('settings.members.new')}
        </Button>
      </div>
      {filtered !== null && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="status">
          {t('settings.members.showing', { name: filtered.name })}
          <Button size="sm" variant="secondary" onClick={onClearPerson}>
            {t('settings.members.showAll')}
          </Button>
        </p>
      )}
      {data.members.length === 0 ? (
        <EmptyState icon="empty" title={t('settings.members.none')} text={t('settings.members.noneText')} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="members-list">
          {shown.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm" data-member-id={member.id}>
              <span className="flex min-w-0 flex-col gap-1">
                <span>
                  <span className="font-medium text-slate-900">{member.name}</span> <span className="break-all text-slate-600">{member.email}</span>
                  {member.userId !== null && <span className="ml-2 text-xs text-slate-600">({t('settings.members.account')})</span>}
                  {pendingMembers.has(member.id) && (
                    <Badge tone="yellow" className="ml-2">
                      {t('settings.pending')}
                    </Badge>
                  )}
                </span>
                <span className="flex flex-wrap gap-1">
                  {data.teamsOfMember(member.id).map((team) => (
                    <ColorBadge key={team.id} label={team.name} colorClass={teamBadgeClass(team.color)} />
                  ))}
                </span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(member)} aria-label={t('settings.members.editNamed', { name: member.name })}>
                  {t('settings.members.edit')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setDeleting(member)} aria-label={t('settings.members.deleteNamed', { name: member.name })}>
                  {t('settings.members.delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <MemberFormDialog open={editing !== null} onClose={() => setEditing(null)} member={editing === 'new' ? null : editing} data={data} />
      <DeleteMemberDialog member={deleting} onClose={() => setDeleting(null)} onConfirm={(member) => void remove(member)} />
    </section>
  );
}
