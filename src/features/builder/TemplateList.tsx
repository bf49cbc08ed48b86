import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { isTemplateNodeType, nodeTypeTone } from '../../domain/templates/templateRules.ts';
import { builderPathOf, TEMPLATES_PAGE_SIZE } from '../../domain/templates/templateViews.ts';
import { clampPage, needsPaginator, pageRows } from '../../domain/ui/paging.ts';
import { AgeBadge } from '../../ui/AgeBadge.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { TEXT_LINK } from '../apps/linkClasses.ts';

type Props = {
  caption: string;
  templates: readonly NodeTemplateDoc[];
  page: number;
  onPage: (page: number) => void;
  /** Templates whose creation or edit still waits in this device's outbox. */
  pending: ReadonlySet<string>;
  caseTypeName: (caseTypeId: string) => string;
  now: number;
  onPreview: (tpl: NodeTemplateDoc) => void;
  onEdit: (tpl: NodeTemplateDoc) => void;
  /** A human-interface row opens the builder; other types do nothing (part 2 §2). */
  onOpen: (tpl: NodeTemplateDoc) => void;
};

/**
 * The node templates, 10 a page (part 2 §2, §9): age badge, Node ID, Node Type chip, Name, Description, Case Type and
 * the two actions; a table from 900 px and cards below it. The Node ID of a human-interface template is a real link
 * to its builder, so the keyboard opens it as a click on the row does.
 */
export function TemplateList({ caption, templates, page, onPage, pending, caseTypeName, now, onPreview, onEdit, onOpen }: Props) {
  const { t } = useTranslation();
  const current = clampPage(page, templates.length, TEMPLATES_PAGE_SIZE);
  const rows = pageRows(templates, current, TEMPLATES_PAGE_SIZE);
  const onRow = (tpl: NodeTemplateDoc) => (event: React.MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    if (builderPathOf(tpl) !== null) onOpen(tpl);
  };
  const typeChip = (tpl: NodeTemplateDoc) => (
    <Badge tone={nodeTypeTone(tpl.nodeType)} className="whitespace-nowrap">{isTemplateNodeType(tpl.nodeType) ? t(`builder.nodeTypes.${tpl.nodeType}`) : tpl.nodeType}</Badge>
  );
  const actions = (tpl: NodeTemplateDoc) => (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="secondary" onClick={() => onPreview(tpl)} aria-label={t('builder.actions.previewOf', { id: tpl.id })}>
        {t('builder.actions.preview')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onEdit(tpl)} aria-label={t('builder.actions.editOf', { id: tpl.id })}>
        {t('builder.actions.edit')}
      </Button>
    </div>
  );
  const nodeId = (tpl: NodeTemplateDoc) => {
    const path = builderPathOf(tpl);
    const idClass = 'font-mono text-sm [overflow-wrap:anywhere]';
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        {path === null ? (
          <span className={idClass}>{tpl.id}</span>
        ) : (
          <Link to="/builder/$templateId/create" params={{ templateId: tpl.id }} className={`${TEXT_LINK} ${idClass}`} title={t('builder.opensBuilder')}>
            {tpl.id}
          </Link>
        )}
        {pending.has(tpl.id) && <Badge tone="yellow">{t('builder.waiting')}</Badge>}
      </span>
    );
  };
  const rowClass = (tpl: NodeTemplateDoc) => (builderPathOf(tpl) === null ? '' : 'cursor-pointer');
  const head = 'px-3 py-3 font-semibold';
  const cell = 'px-3 py-3 text-slate-800';

  return (
    <div className="flex flex-col gap-2">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white min-[900px]:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={head}>
                <span className="sr-only">{t('builder.columns.age')}</span>
              </th>
              <th scope="col" className={head}>{t('builder.columns.nodeId')}</th>
              <th scope="col" className={head}>{t('builder.columns.nodeType')}</th>
              <th scope="col" className={head}>{t('builder.columns.name')}</th>
              <th scope="col" className={head}>{t('builder.columns.description')}</th>
              <th scope="col" className={head}>{t('builder.columns.caseType')}</th>
              <th scope="col" className={head}>{t('builder.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((tpl) => (
              <tr key={tpl.id} data-template-id={tpl.id} className={`border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 hover:bg-blue-50 ${rowClass(tpl)}`} onClick={onRow(tpl)}>
                <td className="px-3 py-3">
                  <AgeBadge createdAt={tpl.createdAt} now={now} />
                </td>
                <td className={cell}>{nodeId(tpl)}</td>
                <td className={cell}>{typeChip(tpl)}</td>
                <td className={`${cell} break-words`}>{tpl.name}</td>
                <td className={`${cell} break-words text-slate-700`}>{tpl.description}</td>
                <td className={cell}>{caseTypeName(tpl.caseTypeId)}</td>
                <td className="px-3 py-3">{actions(tpl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 min-[900px]:hidden">
        {rows.map((tpl) => (
          <li
            key={tpl.id}
            data-template-id={tpl.id}
            className={`flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus ${rowClass(tpl)}`}
            onClick={onRow(tpl)}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {nodeId(tpl)}
              <AgeBadge createdAt={tpl.createdAt} now={now} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold break-words text-slate-900">{tpl.name}</p>
              {typeChip(tpl)}
            </div>
            <p className="text-sm break-words text-slate-700">{tpl.description}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-slate-600">{t('builder.columns.caseType')}</dt>
              <dd className="min-w-0 break-words">{caseTypeName(tpl.caseTypeId)}</dd>
            </dl>
            {actions(tpl)}
          </li>
        ))}
      </ul>
      {needsPaginator(templates.length, TEMPLATES_PAGE_SIZE) && <Paginator rows={templates.length} page={current} pageSize={TEMPLATES_PAGE_SIZE} onPage={onPage} label={caption} />}
    </div>
  );
}
