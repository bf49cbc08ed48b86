import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';

type Props = { title: string; intro?: string; children: ReactNode; /** The browser tab's name when the card title is too long for it. */ pageTitle?: string };

/** The card every public screen sits in. */
export function AuthCard({ title, intro, children, pageTitle }: Props) {
  useDocumentTitle(pageTitle ?? title);
  return (
    <section aria-labelledby="auth-title" className="flex w-full max-w-md flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-md sm:p-8">
      <h1 id="auth-title" className="text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      {intro !== undefined && <p className="text-slate-700">{intro}</p>}
      {children}
    </section>
  );
}
