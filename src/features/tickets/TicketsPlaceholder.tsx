import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the tickets screens until they are built. */
export function TicketsPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
