import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Icon } from '../../ui/Icon.tsx';

type Props = { id: string; title: string; summary?: ReactNode; children: ReactNode };

/** One accordion fold of the instance detail (open at first): a heading holding its button, as the ARIA accordion pattern has it. */
export function Fold({ id, title, summary, children }: Props) {
  return (
    <Disclosure as="section" defaultOpen data-fold={id} aria-label={title} className="min-w-0 rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center gap-3 px-4 py-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <DisclosureButton className="group flex min-h-11 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-focus">
            <Icon name="chevronDown" className="h-4 w-4 -rotate-90 transition-transform group-data-open:rotate-0" />
            {title}
          </DisclosureButton>
        </h2>
        {summary !== undefined && <div className="ml-auto">{summary}</div>}
      </div>
      <DisclosurePanel className="border-t border-slate-100 p-4">{children}</DisclosurePanel>
    </Disclosure>
  );
}
