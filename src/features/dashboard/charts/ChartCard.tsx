import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FiguresRow = { key: string; cells: readonly (string | number)[]; attributes?: Record<`data-${string}`, string> };
export type Figures = { caption: string; columns: readonly string[]; rows: readonly FiguresRow[] };

type Props = {
  /** The card's `data-card` hook (the component's name). */
  name: string;
  title: string;
  /** Controls beside the title (a selector, a badge). */
  actions?: ReactNode;
  /** The figures drawn, as a table: always read by screen readers, shown on screen by the "View as table" toggle. */
  figures: Figures | null;
  children: ReactNode;
};

/**
 * A dashboard chart card: a titled section whose chart is a picture and whose figures are also a real table —
 * visually hidden but always in the page for screen readers, and shown to anyone who presses "View as table".
 */
export function ChartCard({ name, title, actions, figures, children }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-card={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {figures !== null && figures.rows.length > 0 && (
            <button
              type="button"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((shown) => !shown)}
              className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-brand hover:border-brand aria-expanded:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
              data-action="view-table"
            >
              {t('dashboardCharts.viewTable')}
            </button>
          )}
        </div>
      </div>
      {children}
      {figures !== null && figures.rows.length > 0 && <FiguresTable id={tableId} figures={figures} visible={showTable} />}
    </section>
  );
}

function FiguresTable({ id, figures, visible }: { id: string; figures: Figures; visible: boolean }) {
  return (
    <div id={id} className={visible ? 'max-w-full overflow-x-auto' : 'sr-only'} data-figures-table={visible ? 'shown' : 'hidden'}>
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left text-sm font-semibold text-slate-700">{figures.caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {figures.columns.map((column, i) => (
              <th key={column} scope="col" className={`px-2 py-1.5 font-semibold text-slate-700 ${i > 0 ? 'text-right' : ''}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figures.rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100" {...row.attributes}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-2 py-1.5 font-normal break-words text-slate-800">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-2 py-1.5 text-right text-slate-800 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A colour key entry: the swatch is decoration, the name and figures are the content. */
export function Swatch({ color }: { color: string }) {
  return <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: color }} />;
}
