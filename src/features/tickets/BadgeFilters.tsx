import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatusWith } from '../../data/replica.ts';
import type { CaseTypeDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { allLoaded } from '../../domain/sync/loadProgress.ts';
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
  caseTypeOfCase: ReadonlyMap<string, CaseTypeDoc>;
  selection: BadgeSelection;
  onToggle: (kind: BadgeKind, id: string) => void;
};

const NO_CASES: ReadonlyMap<string, CaseTypeDoc> = new Map();

type Entry = { id: string; label: string; colorClass: string; count: number; selected: boolean };

function count<K>(keys: readonly (K | null)[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** Tickets per team, per assignee, or per case type: one pass, redone only when the tickets change. */
function countBadges(kind: BadgeKind, tickets: readonly TicketDoc[], caseTypeOfCase: ReadonlyMap<string, CaseTypeDoc>): Map<string, number> {
  if (kind === 'teams') return count(tickets.map((ticket) => ticket.teamId));
  if (kind === 'operators') return count(tickets.map((ticket) => ticket.assigneeMemberId));
  return count(tickets.map((ticket) => (ticket.caseId === null ? null : (caseTypeOfCase.get(ticket.caseId)?.id ?? null))));
}

/** The selectable badges of the operators, teams and case types sections, each with its ticket count. */
export function BadgeFilters({ kind, tickets, view, caseTypeOfCase, selection, onToggle }: Props) {
  const { t } = useTranslation();
  const { data } = view;
  // Only the case types' counts change as the cases arrive.
  const caseTypes = kind === 'cases' ? caseTypeOfCase : NO_CASES;
  const counts = useMemo(() => countBadges(kind, tickets, caseTypes), [kind, tickets, caseTypes]);
  // On a cold device the counts grow while tickets (and, for case types, the cases) still arrive: say so.
  const partial = useSyncStatusWith(({ loaded }) => loaded !== null && !allLoaded(loaded, kind === 'cases' ? ['tickets', 'cases'] : ['tickets']));
  const entries: Entry[] = [...counts].flatMap(([id, n]) => {
    if (kind === 'teams') {
      const team = data.teamsById.get(id);
      return team === undefined || isHiddenTeam(team.name) ? [] : [{ id, label: team.name, colorClass: teamBadgeClass(team.color), count: n, selected: selection.teamIds.has(id) }];
    }
    if (kind === 'operators') {
      const member = data.membersById.get(id);
      return member === undefined ? [] : [{ id, label: member.name, colorClass: idBadgeClass(id), count: n, selected: selection.operator === id }];
    }
    const type = data.caseTypesById.get(id);
    return type === undefined ? [] : [{ id, label: type.description || type.code, colorClass: idBadgeClass(id), count: n, selected: selection.caseType === id }];
  });
  entries.sort((a, b) => a.label.localeCompare(b.label));
  const stillLoading = partial && <p className="w-full text-xs text-slate-600" data-testid={`badges-${kind}-loading`}>{t('sync.stillLoading')}</p>;
  if (entries.length === 0) return stillLoading || <p className="text-sm text-slate-600">—</p>;
  return (
    <div className="flex flex-wrap gap-2" data-testid={`badges-${kind}`}>
      {stillLoading}
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
