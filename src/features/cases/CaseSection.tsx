import type { ReactNode } from 'react';
import type { CaseDetailView } from '../../domain/cases/caseDetail.ts';

type Props = { id: string; title: string; view: CaseDetailView; children: ReactNode; /** Open at first in the accordion. */ open?: boolean; count?: number; wide?: boolean };

/**
 * One part of the case detail: a fold of the accordion (native details/summary: keyboard and screen readers know
 * it), or a card of the dashboard. Its content is the same in both views.
 */
export function CaseSection({ id, title, view, children, open = false, count, wide = false }: Props) {
  const heading = (
    <>
      {title}
      {count !== undefined && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{count}</span>}
    </>
  );
  if (view === 'dashboard') {
    return (
      <section aria-labelledby={`${id}-title`} data-section={id} className={`flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4 ${wide ? 'lg:col-span-2' : ''}`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <details open={open} data-section={id} className="group min-w-0 rounded-xl border border-slate-200 bg-white">
      <summary className="flex cursor-pointer list-none items-center [&::-webkit-details-marker]:hidden justify-between gap-2 rounded-xl px-3 py-3 focus-visible:outline-2 focus-visible:outline-focus sm:px-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        <span aria-hidden="true" className="text-slate-600 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="flex min-w-0 flex-col gap-3 border-t border-slate-100 px-3 py-3 sm:px-4">{children}</div>
    </details>
  );
}
