import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { TeamFilter } from './TeamFilter.tsx';

type Props = {
  /** The search in the URL; the box follows it when it changes from outside (Back, Clear). */
  search: string;
  onSearch: (text: string) => void;
  searchInput: RefObject<HTMLInputElement | null>;
  teams: readonly TeamDoc[];
  teamIds: ReadonlySet<string>;
  onTeams: (teamIds: ReadonlySet<string>) => void;
  onClear: () => void;
  onRefresh: () => void;
  /** Opens the ticket form; left out for those who may not create tickets. */
  onNewTicket?: (() => void) | undefined;
};

/** Part 2 §2 controls: search 'Case ID' (700 ms debounce), team multi-select, clear, refresh and New ticket. */
export function InboxToolbar({ search, onSearch, searchInput, teams, teamIds, onTeams, onClear, onRefresh, onNewTicket }: Props) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="w-full sm:w-64">
        <SearchBox label={t('tickets.search')} onSearch={onSearch} value={search} inputRef={searchInput} />
      </div>
      <TeamFilter teams={teams} selected={teamIds} onChange={onTeams} />
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('tickets.clear')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onRefresh}>
        {t('tickets.refresh')}
      </Button>
      {onNewTicket !== undefined && (
        <Button size="sm" className="sm:ml-auto" onClick={onNewTicket}>
          {t('ticketForm.newTicket')}
        </Button>
      )}
    </div>
  );
}
