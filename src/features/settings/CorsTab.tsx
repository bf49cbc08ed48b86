import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CorsOriginDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { CorsDeleteDialog } from './CorsDeleteDialog.tsx';
import { CorsFormDialog } from './CorsFormDialog.tsx';
import { useCorsData, type CorsData } from './useCorsData.ts';

const LIST = 'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white';
const ROW = 'flex flex-wrap items-center justify-between gap-2 px-4 py-3';

/** Part 1 §2 CORS Origins: the workspace's origins (create, edit, delete with confirmation) and the global ones, read-only. */
export function CorsTab() {
  const { t } = useTranslation();
  const data = useCorsData();
  const [editing, setEditing] = useState<CorsOriginDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CorsOriginDoc | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  if (data.loading) return <p className="text-slate-600">{t('settings.loading')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="cors-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="cors-heading" className="text-lg font-semibold text-slate-900">
            {t('settings.cors.heading')}
          </h2>
          <Button ref={newButton} onClick={() => setEditing('new')}>
            {t('settings.cors.new')}
          </Button>
        </div>
        <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900" data-testid="cors-note">
          {t('settings.cors.note')}
        </p>
        <h3 className="font-semibold text-slate-800">{t('settings.cors.workspaceHeading')}</h3>
        {data.origins.length === 0 ? (
          <EmptyState icon="empty" title={t('settings.cors.none')} text={t('settings.cors.noneText')} />
        ) : (
          <ul className={LIST} data-testid="cors-origins">
            {data.origins.map((origin) => (
              <li key={origin.id} className={ROW} data-origin={origin.origin}>
                <OriginText origin={origin.origin} description={origin.description}>
                  {!origin.active && <Badge tone="grey">{t('settings.cors.inactive')}</Badge>}
                  {data.pendingIds.has(origin.id) && <Badge tone="yellow">{t('settings.pending')}</Badge>}
                </OriginText>
                <span className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setEditing(origin)} aria-label={t('settings.cors.editNamed', { origin: origin.origin })}>
                    {t('settings.cors.edit')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setDeleting(origin)} aria-label={t('settings.cors.deleteNamed', { origin: origin.origin })}>
                    {t('settings.cors.delete')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <GlobalOrigins data={data} />
      <CorsFormDialog open={editing !== null} onClose={() => setEditing(null)} origin={editing === 'new' ? null : editing} data={data} />
      <CorsDeleteDialog
        origin={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          // The row and its button are gone: focus goes to the tab's first action rather than the page.
          newButton.current?.focus();
        }}
      />
    </div>
  );
}

function OriginText({ origin, description, children }: { origin: string; description: string | null; children?: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium break-all text-slate-900">{origin}</span>
        {children}
      </span>
      {description !== null && <span className="text-sm break-words text-slate-600">{description}</span>}
    </span>
  );
}

/** The global origins: every workspace's, never changed from here (part 1 §5). */
function GlobalOrigins({ data }: { data: CorsData }) {
  const { t } = useTranslation();
  const { global } = data;
  return (
    <section aria-labelledby="cors-global-heading" className="flex flex-col gap-3">
      <h3 id="cors-global-heading" className="font-semibold text-slate-800">
        {t('settings.cors.globalHeading')}
      </h3>
      <p className="text-sm text-slate-600">{t('settings.cors.globalNote')}</p>
      {global.state === 'loading' && <p className="text-sm text-slate-600">{t('settings.loading')}</p>}
      {global.state === 'offline' && <p className="text-sm text-slate-600">{t('settings.cors.globalOffline')}</p>}
      {global.state === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t('settings.cors.loadFailed')}
          <Button size="sm" variant="secondary" onClick={data.retryGlobal}>
            {t('settings.cors.retry')}
          </Button>
        </div>
      )}
      {global.state === 'ready' &&
        (global.origins.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.cors.noGlobal')}</p>
        ) : (
          <ul className={LIST} data-testid="cors-global-origins">
            {global.origins.map((origin) => (
              <li key={origin._id} className={ROW} data-origin={origin.origin}>
                <OriginText origin={origin.origin} description={origin.description}>
                  <Badge tone="blue">{t('settings.cors.global')}</Badge>
                  {!origin.active && <Badge tone="grey">{t('settings.cors.inactive')}</Badge>}
                </OriginText>
                <span className="text-sm text-slate-600">{t('settings.cors.readOnly')}</span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
