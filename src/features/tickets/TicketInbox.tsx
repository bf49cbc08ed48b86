import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../app/shell/useMediaQuery.ts';
import { useNow } from '../../app/shell/useNow.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { reconnect } from '../../data/replica.ts';
import { filterTickets, isAdminRole, LIGHT_REFRESH_MS, ticketsOfTab, visibleTabs } from '../../domain/tickets/inboxRules.ts';
import { MOBILE_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import type { BadgeKind } from './BadgeFilters.tsx';
import { InboxTab } from './InboxTab.tsx';
import { InboxToolbar } from './InboxToolbar.tsx';
import { TicketFormDialog } from './TicketFormDialog.tsx';
import type { InboxView } from './inboxView.ts';
import { useCtrlKey } from './useCtrlKey.ts';
import { useInboxData } from './useInboxData.ts';
import { usePendingTicketIds, useRejectionToasts, useTicketRejections } from './useTicketSync.ts';

/** Part 2 §2 refresh notice: 2 s. */
const REFRESH_TOAST_MS = 2000;

/** The ticket inbox (/tickets): tabs by role, search and team filters, and the ticket manager accordion. */
export function TicketInbox({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useInboxData();
  const now = useNow(LIGHT_REFRESH_MS);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const isAdmin = isAdminRole(data.role);
  const ctrlHeld = useCtrlKey(isAdmin);
  const pendingIds = usePendingTicketIds();
  const rejections = useTicketRejections();
  useRejectionToasts();

  const [search, setSearch] = useState('');
  const [teamIds, setTeamIds] = useState<ReadonlySet<string>>(new Set());
  const [operator, setOperator] = useState<string | null>(null);
  const [caseType, setCaseType] = useState<string | null>(null);
  const [tabIndex, setTabIndex] = useState(0);
  const [searchKey, setSearchKey] = useState(0);
  const [refreshedAt, setRefreshedAt] = useState(0);
  const [creating, setCreating] = useState(false);
  const closeForm = useCallback(() => setCreating(false), []);

  const tabs = visibleTabs(data.role, isMobile);
  const currentTab = Math.min(tabIndex, tabs.length - 1);

  const openTicket = useCallback((ticketId: string) => void navigate({ to: `/tickets/${encodeURIComponent(ticketId)}` }), [navigate]);
  const view = useMemo<InboxView>(
    () => ({ data, now: Math.max(now, refreshedAt), isAdmin, ctrlHeld, pendingIds, rejections, openTicket }),
    [data, now, refreshedAt, isAdmin, ctrlHeld, pendingIds, rejections, openTicket],
  );

  const refresh = useCallback(() => {
    setRefreshedAt(Date.now());
    void reconnect();
    showToast('success', t('tickets.refreshed'), { durationMs: REFRESH_TOAST_MS });
  }, [t]);

  const clear = () => {
    setSearch('');
    setTeamIds(new Set());
    setOperator(null);
    setCaseType(null);
    setSearchKey((key) => key + 1);
  };

  const toggleBadge = (kind: BadgeKind, id: string) => {
    if (kind === 'operators') setOperator((current) => (current === id ? null : id));
    else if (kind === 'cases') setCaseType((current) => (current === id ? null : id));
    else
      setTeamIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      });
  };

  // Only the shown tab is computed: with thousands of tickets each pass over them counts.
  const shownTab = tabs[currentTab]!;
  const allTickets = useMemo(() => ticketsOfTab(shownTab, data.tickets, data.userId, data.myTeamIds), [shownTab, data.tickets, data.userId, data.myTeamIds]);
  const tickets = useMemo(
    () =>
      filterTickets(allTickets, { search, teamIds }).filter(
        (ticket) =>
          (operator === null || ticket.assigneeMemberId === operator) &&
          (caseType === null || (ticket.caseId !== null && data.caseTypeOfCase.get(ticket.caseId)?.id === caseType)),
      ),
    [allTickets, search, teamIds, operator, caseType, data.caseTypeOfCase],
  );
  const tabContent = (tab: (typeof tabs)[number]) =>
    tab !== shownTab ? null : (
      <InboxTab
        tab={tab}
        allTickets={allTickets}
        tickets={tickets}
        view={view}
        selection={{ operator, caseType, teamIds }}
        onToggle={toggleBadge}
        onRefresh={refresh}
      />
    );

  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-4">
      <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
        {t(route.nameKey)}
      </h1>
      <InboxToolbar
        searchKey={searchKey}
        onSearch={setSearch}
        teams={data.listedTeams}
        teamIds={teamIds}
        onTeams={setTeamIds}
        onClear={clear}
        onRefresh={refresh}
        onNewTicket={isAdmin ? () => setCreating(true) : undefined}
      />
      {isAdmin && <TicketFormDialog open={creating} onClose={closeForm} />}
      {data.loading ? (
        <p className="text-slate-600">{t('app.loading')}</p>
      ) : (
        <Tabs
          label={t('tickets.tabsLabel')}
          selectedIndex={currentTab}
          onChange={setTabIndex}
          tabs={tabs.map((tab) => ({ key: tab, label: t(`tickets.tabs.${tab}`), content: tabContent(tab) }))}
        />
      )}
    </section>
  );
}
