import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { TABLET_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import { useMediaQuery } from '../../app/shell/useMediaQuery.ts';
import type { InboxView } from './inboxView.ts';
import { TicketCards } from './TicketCards.tsx';
import { TicketTable } from './TicketTable.tsx';

export type TicketListProps = {
  caption: string;
  tickets: readonly TicketDoc[];
  view: InboxView;
  /** The list's page (0-based), kept in the URL by the inbox. */
  page: number;
  onPage: (page: number) => void;
};

/** A ticket list: a table from the tablet breakpoint up, cards below it (part 1 §9 breakpoints). */
export function TicketList(props: TicketListProps) {
  const narrow = useMediaQuery(`(max-width: ${TABLET_MAX_WIDTH}px)`);
  return narrow ? <TicketCards {...props} /> : <TicketTable {...props} />;
}
