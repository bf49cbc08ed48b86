import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Icon } from '../../ui/Icon.tsx';

type Props = { id: string; title: ReactNode; summary?: ReactNode; children: ReactNode; defaultOpen?: boolean };

/** One fold of the ticket manager accordion; its header carries the counts per light indicator. */
export function InboxSection({ id, title, summary, children, defaultOpen = true }: Props) {
  return (
    <Disclosure as="section" defaultOpen={defaultOpen} data-section={id} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 px-4 py-2">
        <DisclosureButton className="group flex items-center gap-2 rounded text-left font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-focus">
          <Icon name="chevronDown" className="h-4 w-4 transition-transform group-data-open:rotate-0 -rotate-90" />
          {title}
        </DisclosureButton>
        {summary !== undefined && <div className="ml-auto">{summary}</div>}
      </div>
      <DisclosurePanel className="border-t border-slate-100 p-3">{children}</DisclosurePanel>
    </Disclosure>
  );
}
