import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  /**
   * The tab whose content the panel shows, when the caller renders a new tab's content later than the tab row (a
   * deferred value): until then the panel keeps the previous tab's content, and it is replaced in that later render,
   * not in the click's. Without it, the selected tab's panel shows at once.
   */
  contentIndex?: number;
};

/**
 * Tabs with arrow-key navigation between them (WAI-ARIA tabs pattern). On a narrow screen the row of tabs scrolls
 * sideways on its own (the page does not), and the selected tab is brought into view.
 */
export function Tabs({ tabs, selectedIndex, onChange, label, panelTabStop = true, contentIndex }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const tabId = (key: string) => `${idPrefix}tab-${key}`;
  const shown = contentIndex === undefined ? undefined : tabs[contentIndex];
  useEffect(() => {
    // A frame later: the browser's own focus scrolling (a click focuses the tab) has happened by then.
    const frame = requestAnimationFrame(() => {
      const row = list.current;
      // By position: the tab's own aria-selected may still name the previous tab while this runs.
      const selected = selectedIndex === undefined ? null : row?.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex];
      if (!row || !selected) return;
      // Only the row moves (scrollIntoView would also scroll the page), and only when the tab is cut off or at the
      // very edge, where the tabs beyond it cannot be seen.
      const margin = 32;
      if (selected.offsetLeft - margin < row.scrollLeft || selected.offsetLeft + selected.offsetWidth + margin > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = selected.offsetLeft - (row.clientWidth - selected.offsetWidth) / 2;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedIndex]);
  return (
    <TabGroup
      {...(selectedIndex === undefined ? {} : { selectedIndex })}
      {...(onChange === undefined ? {} : { onChange })}
    >
      <TabList ref={list} aria-label={label} className="relative flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-slate-200)]">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            {...(shown === undefined ? {} : { id: tabId(tab.key) })}
            className="shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 outline-none data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-focus data-selected:border-brand data-selected:text-brand"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {shown === undefined ? (
        <TabPanels className="pt-4">
          {tabs.map((tab) => (
            <TabPanel key={tab.key} {...(panelTabStop ? {} : { tabIndex: -1 })}>
              {tab.content}
            </TabPanel>
          ))}
        </TabPanels>
      ) : (
        // One panel, labelled by the tab whose content it holds; keyed by it, so another tab's content is new state.
        <div className="pt-4">
          <div key={shown.key} role="tabpanel" aria-labelledby={tabId(shown.key)} tabIndex={panelTabStop ? 0 : -1}>
            {shown.content}
          </div>
        </div>
      )}
    </TabGroup>
  );
}
