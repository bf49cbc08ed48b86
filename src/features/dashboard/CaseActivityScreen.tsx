import { Link, useLocation, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../app/shell/useMediaQuery.ts';
import { activityPageSize, hashOfSearch, searchFromHash, validateActivitySearch, viewOf } from '../../domain/cases/caseActivity.ts';
import { MOBILE_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { LINK_BUTTON } from '../apps/linkClasses.ts';
import { usePendingIds } from '../settings/usePendingIds.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { ActivityRows } from './ActivityRows.tsx';
import { deleteFromActivity, DeleteCaseDialog } from './DeleteCaseDialog.tsx';
import { OfflineNote } from './OfflineNote.tsx';
import { useCaseActivity } from './useCaseActivity.ts';
import { useCasesArrived } from './useArrived.ts';
import { useCaseType } from './useCaseType.ts';
import { useDeleteRejections } from './useDeleteRejections.ts';
import { useUnknownTypeRedirect } from './useUnknownTypeRedirect.ts';
import { ViewLinks } from './ViewLinks.tsx';

/**
 * Part 2 §2 /dashboard/{caseTypeId}/activity: the type's active cases (CREATED, PROGRESS) or, with ?view=history,
 * all of them, newest first, 17 a page (13 on a phone, part 2 §9), the page in ?page= and the search text in the
 * hash. A PROGRESS case can be deleted: it becomes COMPLETED in the 'Denegado' state (part 2 §4). Back goes to
 * /dashboard#ALL (the route table).
 */
export function CaseActivityScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { caseTypeId: param = '' } = useParams({ strict: false });
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateActivitySearch(raw);
  const view = viewOf(search);
  const hash = useLocation({ select: (location) => location.hash });
  const lookup = useCaseType(param);
  useUnknownTypeRedirect(lookup);
  useDeleteRejections();
  const found = lookup.status === 'found' ? lookup : null;
  const text = searchFromHash(hash, found === null ? [param] : [param, found.caseType.id, found.caseType.code]);
  const name = found?.caseType.description ?? null;
  useDocumentTitle(name === null ? null : t(view === 'history' ? 'caseActivity.activity.historyTitle' : 'caseActivity.activity.title', { name }));

  const phone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const pageSize = activityPageSize(phone);
  const { total, rows, page, loading: reading } = useCaseActivity(found?.caseType.id ?? null, view, text, search, pageSize);
  const arrived = useCasesArrived();
  // Before this device holds the cases, an empty page means "not here yet", not "none".
  const loading = reading || (!arrived && total === 0);
  const pending = usePendingIds(['case.update'], ['caseId']);
  const stateNames = useMemo(() => new Map((found?.states ?? []).map((s) => [s.id, s.description])), [found?.states]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const go = useCallback(
    (next: { text?: string; page?: number }) => {
      const nextText = next.text ?? text;
      const nextPage = next.page ?? 1;
      void navigate({
        to: '/dashboard/$caseTypeId/activity',
        params: { caseTypeId: param },
        search: { ...(view === 'history' ? { view: 'history' } : {}), ...(nextPage > 1 ? { page: nextPage } : {}) },
        hash: hashOfSearch(nextText),
        replace: true,
      });
    },
    [navigate, param, view, text],
  );
  const onSearch = useCallback((value: string) => go({ text: value }), [go]);

  if (found === null) {
    return (
      <p role="status" className="text-slate-600">
        {t('caseActivity.loading')}
      </p>
    );
  }

  const caption = t(view === 'history' ? 'caseActivity.activity.captionHistory' : 'caseActivity.activity.caption', { name: found.caseType.description });
  return (
    <section aria-labelledby="activity-title" className="flex min-w-0 flex-col gap-4" data-case-type-id={found.caseType.id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="activity-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold break-words text-slate-900 focus:outline-none">
          {t(view === 'history' ? 'caseActivity.activity.historyHeading' : 'caseActivity.activity.heading')} · {found.caseType.description}
        </h1>
        <Link to="/dashboard/$caseTypeId" params={{ caseTypeId: found.caseType.id }} className={LINK_BUTTON}>
          {t('caseActivity.activity.report')}
        </Link>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ViewLinks caseTypeId={param} view={view} hash={hashOfSearch(text)} />
        {total !== undefined && (
          <p className="text-sm text-slate-600" data-testid="activity-count" aria-live="polite">
            {t('caseActivity.activity.count', { count: total })}
          </p>
        )}
      </div>
      <div className="max-w-md">
        <SearchBox label={t('caseActivity.activity.search')} value={text} onSearch={onSearch} />
      </div>
      <OfflineNote />
      {loading ? (
        <p role="status" className="text-slate-600">
          {t('caseActivity.activity.loading')}
        </p>
      ) : total === 0 ? (
        text === '' ? (
          <EmptyState title={t(view === 'history' ? 'caseActivity.activity.noneHistory' : 'caseActivity.activity.none')} text={t('caseActivity.activity.noneText')} />
        ) : (
          <EmptyState icon="search" title={t('caseActivity.activity.noMatch')} text={t('caseActivity.activity.noMatchText', { search: text })} />
        )
      ) : (
        <div className="flex flex-col gap-2">
          <ActivityRows caption={caption} view={view} rows={rows} stateNames={stateNames} pending={pending} onDelete={setDeleting} />
          {(total ?? 0) > pageSize && <Paginator rows={total ?? 0} page={page} pageSize={pageSize} onPage={(next) => go({ page: next + 1 })} label={caption} />}
        </div>
      )}
      <DeleteCaseDialog
        caseId={deleting}
        deniedState={found.deniedState}
        onClose={() => setDeleting(null)}
        onConfirm={(caseId, deniedState) => {
          setDeleting(null);
          void deleteFromActivity(caseId, deniedState, t).then(() => {
            // The row whose button opened the dialog has left the list: once the dialog has handed focus back,
            // the page's heading is the next sensible place.
            requestAnimationFrame(() => heading.current?.focus());
          });
        }}
      />
    </section>
  );
}
