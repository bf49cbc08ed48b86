import { useTranslation } from 'react-i18next';
import { FORMS_PAGE_SIZE } from '../../domain/forms/formViews.ts';
import type { FrontdeskFormDoc } from '../../domain/sync/documents.gen.ts';
import { clampPage, needsPaginator, pageRows } from '../../domain/ui/paging.ts';
import { AgeBadge } from '../../ui/AgeBadge.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { TEXT_LINK } from '../apps/linkClasses.ts';

type Props = {
  caption: string;
  forms: readonly FrontdeskFormDoc[];
  page: number;
  onPage: (page: number) => void;
  /** Forms whose creation or edit still waits in this device's outbox. */
  pending: ReadonlySet<string>;
  caseTypeName: (caseTypeId: string) => string;
  /** The form's link as an address, null when it has none. */
  urlOf: (link: string | null) => string | null;
  now: number;
  onOpen: (form: FrontdeskFormDoc) => void;
  onQr: (form: FrontdeskFormDoc) => void;
  onCopy: (form: FrontdeskFormDoc) => void;
  /** Only for administrators, who alone change forms. */
  onEdit?: ((form: FrontdeskFormDoc) => void) | undefined;
};

/**
 * The front desk forms, 10 a page (part 2 §2, §9): age badge, Form ID, Name, Description, Case Type and the three
 * actions; a table from 900 px and cards below it. A click on a row (not on an action) opens the form's link.
 */
export function FormList({ caption, forms, page, onPage, pending, caseTypeName, urlOf, now, onOpen, onQr, onCopy, onEdit }: Props) {
  const { t } = useTranslation();
  const current = clampPage(page, forms.length, FORMS_PAGE_SIZE);
  const rows = pageRows(forms, current, FORMS_PAGE_SIZE);
  const onRow = (form: FrontdeskFormDoc) => (event: React.MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    onOpen(form);
  };
  const actions = (form: FrontdeskFormDoc) => (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="secondary" onClick={() => onQr(form)} aria-label={t('frontdesk.actions.qrOf', { formId: form.formId })}>
        {t('frontdesk.actions.qr')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onCopy(form)} aria-label={t('frontdesk.actions.copyOf', { formId: form.formId })}>
        {t('frontdesk.actions.copy')}
      </Button>
      {onEdit !== undefined && (
        <Button size="sm" variant="secondary" onClick={() => onEdit(form)} aria-label={t('frontdesk.actions.editOf', { formId: form.formId })}>
          {t('frontdesk.actions.edit')}
        </Button>
      )}
    </div>
  );
  // The Form ID is a real link to the form's page (a new tab), so the keyboard opens it as the row's click does.
  const formId = (form: FrontdeskFormDoc) => {
    const url = urlOf(form.link);
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        {url === null ? (
          <span className="font-mono text-sm break-all min-[900px]:break-normal min-[900px]:whitespace-nowrap">{form.formId}</span>
        ) : (
          <a href={url} target="_blank" rel="noopener noreferrer" className={`${TEXT_LINK} font-mono text-sm break-all min-[900px]:break-normal min-[900px]:whitespace-nowrap`}>
            {form.formId}
          </a>
        )}
        {pending.has(form.id) && <Badge tone="yellow">{t('frontdesk.waiting')}</Badge>}
      </span>
    );
  };
  const head = 'px-4 py-3 font-semibold';
  const cell = 'px-4 py-3 text-slate-800';

  return (
    <div className="flex flex-col gap-2">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white min-[900px]:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={head}>
                <span className="sr-only">{t('frontdesk.columns.age')}</span>
              </th>
              <th scope="col" className={head}>{t('frontdesk.columns.formId')}</th>
              <th scope="col" className={head}>{t('frontdesk.columns.name')}</th>
              <th scope="col" className={head}>{t('frontdesk.columns.description')}</th>
              <th scope="col" className={head}>{t('frontdesk.columns.caseType')}</th>
              <th scope="col" className={head}>{t('frontdesk.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((form) => (
              <tr key={form.id} data-form-id={form.formId} className="cursor-pointer border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 hover:bg-blue-50" onClick={onRow(form)}>
                <td className="px-4 py-3">
                  <AgeBadge createdAt={form.createdAt} now={now} />
                </td>
                <td className={cell}>{formId(form)}</td>
                <td className={`${cell} break-words`}>{form.name}</td>
                <td className={`${cell} break-words text-slate-700`}>{form.description}</td>
                <td className={cell}>{caseTypeName(form.caseTypeId)}</td>
                <td className="px-4 py-3">{actions(form)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 min-[900px]:hidden">
        {rows.map((form) => (
          <li
            key={form.id}
            data-form-id={form.formId}
            className="flex min-w-0 cursor-pointer flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
            onClick={onRow(form)}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {formId(form)}
              <AgeBadge createdAt={form.createdAt} now={now} />
            </div>
            <p className="font-semibold break-words text-slate-900">{form.name}</p>
            <p className="text-sm break-words text-slate-700">{form.description}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-slate-600">{t('frontdesk.columns.caseType')}</dt>
              <dd className="min-w-0 break-words">{caseTypeName(form.caseTypeId)}</dd>
            </dl>
            {actions(form)}
          </li>
        ))}
      </ul>
      {needsPaginator(forms.length, FORMS_PAGE_SIZE) && <Paginator rows={forms.length} page={current} pageSize={FORMS_PAGE_SIZE} onPage={onPage} label={caption} />}
    </div>
  );
}
