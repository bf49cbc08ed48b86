import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredWidget, widgetLoader } from '../../ui/useDeferredWidget.ts';
import type { TeamFilterProps } from './TeamFilterListbox.tsx';
import { TEAM_FILTER_BUTTON_CLASS, TEAM_FILTER_FIELD_CLASS, TeamFilterTrigger } from './TeamFilterTrigger.tsx';

const listboxLoader = widgetLoader<TeamFilterProps & { openOnMount?: boolean }>(() =>
  import('./TeamFilterListbox.tsx').then((m) => m.TeamFilterListbox),
);

/**
 * The inbox's team multi-select. Its listbox (Headless UI and Floating UI) comes when first pressed: until then a
 * button stands in that reads as the listbox's does, the field's hidden label then the shown choice.
 */
export function TeamFilter(props: TeamFilterProps) {
  const { t } = useTranslation();
  const { Widget: Listbox, openOnMount, standIn } = useDeferredWidget(listboxLoader);
  const labelId = useId();
  const buttonId = useId();
  if (Listbox !== null) return <Listbox {...props} openOnMount={openOnMount} />;
  return (
    <div className={TEAM_FILTER_FIELD_CLASS}>
      <span id={labelId} className="sr-only">
        {t('tickets.teams')}
      </span>
      <button
        id={buttonId}
        type="button"
        data-testid="team-filter"
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-labelledby={`${labelId} ${buttonId}`}
        className={TEAM_FILTER_BUTTON_CLASS}
        {...standIn}
      >
        <TeamFilterTrigger teams={props.teams} selected={props.selected} />
      </button>
    </div>
  );
}
