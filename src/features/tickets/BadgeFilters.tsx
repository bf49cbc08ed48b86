import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { isHiddenTeam } from '../../domain/tickets/inboxRules.ts';
import { ColorBadge } from './ColorBadge.tsx';
import { idBadgeClass, teamBadgeClass } from './badgeColors.ts';
import type { InboxView } from './inboxView.ts';

export type BadgeKind = 'operators' | 'teams' | 'cases';
export type BadgeSelection = { operator: string | null; caseType: string | null; teamIds: ReadonlySet<string> };

type Props = {
  kind: BadgeKind;
  tickets: readonly TicketDoc[];
  view: InboxView;
  selection: BadgeSelection;
  onToggle: (kind: BadgeKind, id: string) => void;
};

type Entry = { id: string; label: string; colorClass: string; count: number; selected: boolean };

function count<K>(keys: readonly (K | null)[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** The selectable badges of the operators, teams and case types sections, each with its ticket count. */
export function BadgeFilters({ kind, tickets, view, selection, onToggle }: Props) {
  const { t } = useTranslation();
  const { data } = view;
  let entries: Entry[];
  if (kind === 'teams') {
    entries = [...count(tickets.map((ticket) => ticket.teamId))].flatMap(([id, n]) => {
      const team = data.teamsById.get(id);
      return team === undefined || isHiddenTeam(team.name) ? [] : [{ id, label: team.name, colorClass: teamBadgeClass(team.color), count: n, selected: selection.teamIds.has(id) }];
    });
  } else if (kind === 'operators') {
    entries = [...count(tickets.map((ticket) => ticket.assigneeMemberId))].flatMap(([id, n]) => {
      const member = data.membersById.get(id);
      return member === undefined ? [] : [{ id, label: member.name, colorClass: idBadgeClass(id), count: n, selected: selection.operator === id }];
    });
  } else {
    const types = tickets.map((ticket) => (ticket.caseId === null ? null : (data.caseTypeOfCase.get(ticket.caseId) ?? null)));
    const byId = new Map(types.flatMap((type) => (type === null ? [] : [[type.id, type] as const])));
    entries = [...count(types.map((type) => type?.id ?? null))].flatMap(([id, n]) => {
      const type = byId.get(id);
      return type === undefined ? [] : [{ id, label: type.description || type.code, colorClass: idBadgeClass(id), count: n, selected: selection.caseType === id }];
    });
  }
  entries.sort((a, b) => a.label.localeCompare(b.label));
  if (entries.length === 0) return <p className="text-sm text-slate-600">—</p>;
  return (
    <div className="flex flex-wrap gap-2" data-testid={`badges-${kind}`}>
      {entries.map((entry) => (
        <ColorBadge
          key={entry.id}
          label={entry.label}
          colorClass={entry.colorClass}
          count={entry.count}
          selected={entry.selected}
          title={t('tickets.filterBy', { name: entry.label })}
          onToggle={() => onToggle(kind, entry.id)}
        />
      ))}
    </div>
  );
}
