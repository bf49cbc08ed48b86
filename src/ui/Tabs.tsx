import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export type TabDefinition = { key: string; label: string; content: ReactNode };

type Props = {
  tabs: readonly TabDefinition[];
  selectedIndex?: number;
  onChange?: (index: number) => void;
  label: string;
  /**
   * WAI-ARIA makes a tab panel a tab stop when its content starts with nothing focusable; panels that open with a
   * control (the inbox's accordion) leave it out, one Tab less on the way to the list.
   */
  panelTabStop?: boolean;
};

/** Tabs with arrow-key navigation between them (WAI-ARIA tabs pattern). */
export function Tabs({ tabs, selectedIndex, onChange, label, panelTabStop = true }: Props) {
  return (
    <TabGroup
      {...(selectedIndex === undefined ? {} : { selectedIndex })}
      {...(onChange === undefined ? {} : { onChange })}
    >
      <TabList aria-label={label} className="flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 outline-none data-focus:outline-2 data-focus:outline-focus data-selected:border-brand data-selected:text-brand"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab) => (
          <TabPanel key={tab.key} {...(panelTabStop ? {} : { tabIndex: -1 })}>
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
