import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/state/toastAtoms.ts';
import { listItems } from '../../../domain/cases/caseTypeRules.ts';
import type { CaseTypeDoc } from '../../../domain/sync/documents.gen.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Menu } from '../../../ui/Menu.tsx';
import { useDateFormat } from '../../../ui/useDateFormat.ts';
import { TEXT_LINK } from '../../apps/linkClasses.ts';
import { CaseStepper } from '../../cases/CaseStepper.tsx';
import { StatesSection } from './StatesSection.tsx';
import type { CaseTypesData } from './useCaseTypesData.ts';

type Props = { type: CaseTypeDoc; data: CaseTypesData; canEdit: boolean; onEdit: () => void };

/** The case type screen's view mode (part 2 §2): its fields, Advanced Settings, the actions menu, its states and progress. */
export function CaseTypeDetails({ type, data, canEdit, onEdit }: Props) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const [support, setSupport] = useState(false);
  const states = data.statesOf(type.id);
  const appName = data.appName(type.startingAppId);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 id="case-type-title" tabIndex={-1} className="font-mono text-2xl font-semibold break-all text-slate-900 focus-visible:outline-2 focus-visible:outline-focus">
            {type.code}
          </h1>
          <p className="break-words text-slate-700">{type.description}</p>
          {data.pendingTypeIds.has(type.id) && (
            <span className="self-start">
              <Badge tone="yellow">{t('settings.pending')}</Badge>
            </span>
          )}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setSupport(true)}>
            {t('caseTypes.support')}
          </Button>
          {canEdit && (
            <Menu
              label={t('caseTypes.actions')}
              trigger={<Icon name="menu" className="h-5 w-5" />}
              items={[
                { key: 'edit', label: t('caseTypes.edit'), onSelect: onEdit },
                { key: 'delete', label: t('caseTypes.delete'), danger: true, onSelect: () => showToast('info', t('caseTypes.messages.deleteInProgress')) },
              ]}
            />
          )}
        </div>
      </div>
      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <Field label={t('caseTypes.startingApp')}>
          {type.startingAppId === null ? (
            t('caseTypes.noStartingApp')
          ) : appName === null ? (
            t('caseTypes.unknownApp')
          ) : (
            <Link to="/apps/edit" search={{ appId: type.startingAppId }} className={TEXT_LINK}>
              {appName}
            </Link>
          )}
        </Field>
        <Field label={t('caseTypes.paramsExpected')}>
          <Entries list={type.paramsExpected} none={t('caseTypes.noEntries')} />
        </Field>
        <Field label={t('caseTypes.resultsExpected')}>
          <Entries list={type.resultsExpected} none={t('caseTypes.noEntries')} />
        </Field>
      </dl>
      <StatesSection caseTypeId={type.id} states={states} pendingIds={data.pendingStateIds} canEdit={canEdit} />
      <section aria-labelledby="progress-heading" className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
          {t('caseTypes.progressPreview')}
        </h2>
        <p className="text-sm text-slate-600">{t('caseTypes.progressPreviewHint')}</p>
        <CaseStepper states={states} />
      </section>
      <Disclosure as="section" className="rounded-xl border border-slate-200 bg-white">
        <h2 className="px-4 py-2 text-lg font-semibold text-slate-900">
          <DisclosureButton className="group flex min-h-11 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-focus">
            <Icon name="chevronDown" className="h-4 w-4 -rotate-90 transition-transform group-data-open:rotate-0" />
            {t('caseTypes.advanced')}
          </DisclosureButton>
        </h2>
        <DisclosurePanel as="dl" className="grid gap-3 border-t border-slate-100 p-4 sm:grid-cols-3">
          <Field label={t('caseTypes.internalId')}>
            <span className="font-mono break-all">{type.id}</span>
          </Field>
          <Field label={t('caseTypes.created')}>{format(type.createdAt)}</Field>
          <Field label={t('caseTypes.updated')}>{format(type.updatedAt)}</Field>
        </DisclosurePanel>
      </Disclosure>
      <Dialog open={support} onClose={() => setSupport(false)} title={t('caseTypes.supportTitle')} actions={<Button onClick={() => setSupport(false)}>{t('caseTypes.close')}</Button>}>
        <p>{t('caseTypes.supportText')}</p>
      </Dialog>
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm font-semibold text-slate-800">{label}</dt>
      <dd className="text-sm break-words text-slate-700">{children}</dd>
    </div>
  );
}

function Entries({ list, none }: { list: string; none: string }) {
  const items = listItems(list);
  if (items.length === 0) return <>{none}</>;
  return (
    <span className="flex flex-wrap gap-1">
      {items.map((item) => (
        <Badge key={item} tone="blue-grey">
          {item}
        </Badge>
      ))}
    </span>
  );
}
