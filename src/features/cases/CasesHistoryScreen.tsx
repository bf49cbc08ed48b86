import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASES_PAGE_SIZE,
  CASES_SEARCH_DEBOUNCE_MS,
  filtersOf,
  rowsInGroup,
  validateCaseHistorySearch,
  type CaseHistoryFilters as Filters,
  type CaseHistorySearch,
} from '../../domain/cases/caseHistoryQuery.ts';
import { needsPaginator } from '../../domain/ui/paging.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { CaseHistoryFilters } from './CaseHistoryFilters.tsx';
import { CaseHistoryList } from './CaseHistoryList.tsx';
import { CasesFreshness } from './CasesFreshness.tsx';
import { GroupInput } from './GroupInput.tsx';
import { useCaseHistory } from './useCaseHistory.ts';
import { useCaseTypes } from './useCaseTypes.ts';

/**
 * Part 2 §2 Cases history (/cases, module CASES): search, filters, group and page live in the URL, so Back,
 * reload and a shared link restore the view. It reads only the local replica, one index range per view
 * (src/domain/cases/caseHistoryQuery.ts), so it is as quick offline and on 100,000 cases as on a few.
 */
export function CasesHistoryScreen(_props: ScreenProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateCaseHistorySearch(raw);
  const navigate = useNavigate();
  const types = useCaseTypes();
  // A state that is not of the chosen type (a hand-edited link) is not applied.
  const view: CaseHistorySearch = search.state !== undefined && types.stateById.get(search.state)?.caseTypeId !== search.type && !types.loading ? { ...search, state: undefined } : search;
  const history = useCaseHistory(view);
  useDocumentTitle(t('cases.history.title'));

  const go = useCallback((next: CaseHistorySearch) => void navigate({ to: '/cases', search: next as Record<string, unknown>, replace: false }), [navigate]);
  const withFilters = (filters: Filters) => go(filters);
  const onSearch = useCallback((q: string) => go({ ...filtersOf(search), q: q === '' ? undefined : q }), [go, search]);
  const place = (group: number, page: number) => go({ ...filtersOf(search), ...(group > 1 ? { group } : {}), ...(page > 0 ? { page } : {}) });

  const total = history.total;
  const caption = t('cases.history.caption', { group: history.group });
  const inGroup = total === undefined ? 0 : rowsInGroup(total, history.group);
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <section aria-labelledby="screen-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
          {t('cases.history.title')}
        </h1>
        <div role="tablist" aria-label={t('cases.history.tabs')} className="flex gap-1 border-b border-slate-200">
          <span role="tab" aria-selected="true" id="cases-tab" tabIndex={0} className="border-b-2 border-brand px-3 py-1.5 text-sm font-semibold text-slate-900">
            {t('cases.history.tab')}
          </span>
        </div>
      </div>
      <div role="tabpanel" aria-labelledby="cases-tab" className="flex min-w-0 flex-col gap-4">
        <CasesFreshness />
        <div className="flex flex-col gap-1">
          <SearchBox label={t('cases.history.search')} value={search.q ?? ''} onSearch={onSearch} debounceMs={CASES_SEARCH_DEBOUNCE_MS} searchOnEnter describedBy={hintId} />
          <p id={hintId} className="text-xs text-slate-600">
            {t('cases.history.searchHint')}
          </p>
        </div>
        <CaseHistoryFilters filters={filtersOf(view)} types={types} onChange={withFilters} />
        {history.loading && history.rows.length === 0 ? (
          <p role="status" className="text-slate-600">
            {t('cases.history.loading')}
          </p>
        ) : history.rows.length === 0 ? (
          <EmptyState icon="search" title={t('cases.history.none')} text={t('cases.history.noneText')} />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="text-sm text-slate-700">
                <p data-testid="cases-showing" aria-live="polite">
                  {/* The rows come before the total: it is counted once they are shown. */}
                  {t(total === undefined ? 'cases.history.showingCounting' : 'cases.history.showing', {
                    first: number(history.offset + 1),
                    last: number(history.offset + history.rows.length),
                    total: number(total ?? 0),
                  })}
                </p>
                {search.q !== undefined && <p className="text-xs text-slate-600">{t('cases.history.searchIsOrdered')}</p>}
              </div>
              {total !== undefined && total > 0 && <GroupInput group={history.group} total={total} onGroup={(group) => place(group, 0)} />}
            </div>
            <CaseHistoryList caption={caption} rows={history.rows} types={types} busy={history.loading} />
            {needsPaginator(inGroup, CASES_PAGE_SIZE) && (
              <Paginator rows={inGroup} page={history.page} pageSize={CASES_PAGE_SIZE} onPage={(page) => place(history.group, page)} label={caption} />
            )}
          </>
        )}
      </div>
    </section>
  );
}
