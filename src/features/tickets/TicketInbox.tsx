import { useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameFromPath } from '../../app/shell/returnTo.ts';
import { useMediaQuery } from '../../app/shell/useMediaQuery.ts';
import { useNow } from '../../app/shell/useNow.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { reconnect } from '../../data/replica.ts';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { filterTickets, isAdminRole, LIGHT_REFRESH_MS, ticketsOfTab, visibleTabs } from '../../domain/tickets/inboxRules.ts';
import { MOBILE_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { MountWhenOpened } from '../../ui/MountWhenOpened.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { BadgeKind } from './BadgeFilters.tsx';
import { InboxHeading } from './InboxHeading.tsx';
import { InboxTab } from './InboxTab.tsx';
import { InboxToolbar } from './InboxToolbar.tsx';
import { withFilters, withPage, withTab } from './inboxSearch.ts';
import type { InboxView } from './inboxView.ts';
import { LazyNoteDialog, LazyShortcutsDialog, LazyTicketFormDialog } from './lazyDialogs.ts';
import { focusTicketLink, rememberOpenedTicket, takeOpenedTicket } from './ticketFocus.ts';
import { useCtrlKey } from './useCtrlKey.ts';
import { useCaseTypeOfCase, useInboxData } from './useInboxData.ts';
import { useInboxSearch } from './useInboxSearch.ts';
import { useInboxShortcuts } from './useInboxShortcuts.ts';
import { usePendingTicketIds, useTicketRejections } from './useTicketSync.ts';

/** Part 2 §2 refresh notice: 2 s. */
const REFRESH_TOAST_MS = 2000;

/**
 * The ticket inbox (/tickets): tabs by role, search and team filters, and the ticket manager accordion. The view
 * (tab, search, filters, pages) lives in the URL, so Back, reload and a shared link bring it back.
 */
export function TicketInbox({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useInboxData();
  const caseTypeOfCase = useCaseTypeOfCase(data.tickets, data.caseTypesById);
  const now = useNow(LIGHT_REFRESH_MS);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const isAdmin = isAdminRole(data.role);
  const ctrlHeld = useCtrlKey(isAdmin);
  const pendingIds = usePendingTicketIds();
  const rejections = useTicketRejections();
  const [search, setSearch] = useInboxSearch();
  const [refreshedAt, setRefreshedAt] = useState(0);
  const [creating, setCreating] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [noteTicket, setNoteTicket] = useState<TicketDoc | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const closeForm = useCallback(() => setCreating(false), []);
  const closeNote = useCallback(() => setNoteTicket(null), []);

  const tabs = visibleTabs(data.role, isMobile);
  // Part 2 §2: on a phone only Personal shows, whatever the link says.
  const shownTab = tabs.find((tab) => tab === search.tab) ?? 'personal';
  useDocumentTitle(shownTab === 'personal' ? null : t(`tickets.tabs.${shownTab}`), t(route.nameKey));

  const openTicket = useCallback(
    (ticketId: string, newTab = false) => {
      if (newTab) {
        window.open(`/tickets/${encodeURIComponent(ticketId)}`, '_blank', 'noopener');
        return;
      }
      rememberOpenedTicket(ticketId);
      void navigate({ to: '/tickets/$ticketId', params: { ticketId } });
    },
    [navigate],
  );
  const view = useMemo<InboxView>(
    () => ({ data, now: Math.max(now, refreshedAt), isAdmin, ctrlHeld, pendingIds, rejections, openTicket }),
    [data, now, refreshedAt, isAdmin, ctrlHeld, pendingIds, rejections, openTicket],
  );

  const refresh = useCallback(() => {
    setRefreshedAt(Date.now());
    void reconnect();
    showToast('success', t('tickets.refreshed'), { durationMs: REFRESH_TOAST_MS });
  }, [t]);

  const latestSearch = useRef(search);
  latestSearch.current = search;
  const onSearch = useCallback((text: string) => setSearch(withFilters(latestSearch.current, { q: text }), { replace: true }), [setSearch]);
  const teamIds = useMemo<ReadonlySet<string>>(() => new Set(search.teams ?? []), [search.teams]);
  const operator = search.operator ?? null;
  const caseType = search.caseType ?? null;
  const clear = () => setSearch(withFilters(search, { q: undefined, teams: undefined, operator: undefined, caseType: undefined }), { replace: true });
  // The tab's props keep their identity while the view is the same, so a render of the inbox for something else (a
  // sync message, the router settling) does not render 10,000 tickets' lists again (InboxTab is memoised).
  const toggleBadge = useCallback(
    (kind: BadgeKind, id: string) => {
      if (kind === 'operators') setSearch(withFilters(search, { operator: operator === id ? undefined : id }), { replace: true });
      else if (kind === 'cases') setSearch(withFilters(search, { caseType: caseType === id ? undefined : id }), { replace: true });
      else setSearch(withFilters(search, { teams: teamIds.has(id) ? [...teamIds].filter((team) => team !== id) : [...teamIds, id] }), { replace: true });
    },
    [search, setSearch, operator, caseType, teamIds],
  );
  const pageOf = useCallback((list: string) => (search.page?.[list] ?? 1) - 1, [search]);
  const onPage = useCallback((list: string, page: number) => setSearch(withPage(search, list, page)), [search, setSearch]);
  const selection = useMemo(() => ({ operator, caseType, teamIds }), [operator, caseType, teamIds]);

  // The tab row follows a click at once; the chosen tab's lists render in the background (React renders a deferred
  // value in short slices), since with 10,000 tickets the Manager tab's first render alone held the page 70-140 ms.
  // The panel keeps the previous tab's lists until then (Tabs' contentIndex): removing them was 10-45 ms of the click.
  const contentTab = useDeferredValue(shownTab);
  // Only the shown tab is computed: with thousands of tickets each pass over them counts.
  const allTickets = useMemo(
    () => ticketsOfTab(contentTab, data.tickets, data.userId, data.myTeamIds),
    [contentTab, data.tickets, data.userId, data.myTeamIds],
  );
  // The cases' types count only with a case type filter: without one, cases arriving (a first load) filter nothing.
  const filterCaseTypes = caseType === null ? null : caseTypeOfCase;
  // Without a filter the tab's tickets are the list as they are: no pass over them, no copy, per answer of the replica.
  const tickets = useMemo(() => {
    const found = filterTickets(allTickets, { search: search.q ?? '', teamIds });
    if (operator === null && filterCaseTypes === null) return found;
    return found.filter(
      (ticket) =>
        (operator === null || ticket.assigneeMemberId === operator) &&
        (filterCaseTypes === null || (ticket.caseId !== null && filterCaseTypes.get(ticket.caseId)?.id === caseType)),
    );
  }, [allTickets, search.q, teamIds, operator, caseType, filterCaseTypes]);

  useInboxShortcuts({
    tickets,
    userId: data.userId,
    isAdmin,
    enabled: !data.loading && !creating && noteTicket === null && !helpOpen,
    searchInput,
    onOpen: openTicket,
    onNote: setNoteTicket,
    onHelp: () => setHelpOpen(true),
  });

  // Back from a ticket: focus returns to that ticket's link, where the user left the list.
  useEffect(() => {
    if (data.loading) return;
    const opened = takeOpenedTicket();
    if (opened !== null && cameFromPath()?.startsWith('/tickets/') === true && !focusTicketLink(opened)) document.getElementById('screen-title')?.focus();
  }, [data.loading]);

  const tabContent = (tab: (typeof tabs)[number]) =>
    tab !== contentTab ? null : (
      <InboxTab
        tab={tab}
        allTickets={allTickets}
        tickets={tickets}
        view={view}
        caseTypeOfCase={caseTypeOfCase}
        selection={selection}
        onToggle={toggleBadge}
        onRefresh={refresh}
        pageOf={pageOf}
        onPage={onPage}
      />
    );

  return (
    <section aria-labelledby="screen-title" className="flex min-w-0 flex-col gap-4">
      <InboxHeading title={t(route.nameKey)} />
      <InboxToolbar
        search={search.q ?? ''}
        onSearch={onSearch}
        searchInput={searchInput}
        teams={data.listedTeams}
        teamIds={teamIds}
        onTeams={(ids) => setSearch(withFilters(search, { teams: [...ids] }), { replace: true })}
        onClear={clear}
        onRefresh={refresh}
        onNewTicket={isAdmin ? () => setCreating(true) : undefined}
      />
      {isAdmin && (
        <MountWhenOpened open={creating} onClose={closeForm}>
          <LazyTicketFormDialog open={creating} onClose={closeForm} />
        </MountWhenOpened>
      )}
      {noteTicket !== null && (
        <MountWhenOpened open onClose={closeNote}>
          <LazyNoteDialog target={{ kind: 'ticket', ticketId: noteTicket.id }} caseId={noteTicket.operation} open onClose={closeNote} />
        </MountWhenOpened>
      )}
      <MountWhenOpened open={helpOpen} onClose={() => setHelpOpen(false)}>
        <LazyShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      </MountWhenOpened>
      {data.loading ? (
        // The account is in by now (the header names the user): what the inbox waits for is its tickets.
        <p role="status" className="text-slate-600">
          {t('tickets.loading')}
        </p>
      ) : (
        <Tabs
          label={t('tickets.tabsLabel')}
          panelTabStop={false}
          selectedIndex={tabs.indexOf(shownTab)}
          contentIndex={Math.max(0, tabs.indexOf(contentTab))}
          onChange={(index) => setSearch(withTab(search, tabs[index] ?? 'personal'))}
          tabs={tabs.map((tab) => ({ key: tab, label: t(`tickets.tabs.${tab}`), content: tabContent(tab) }))}
        />
      )}
    </section>
  );
}
