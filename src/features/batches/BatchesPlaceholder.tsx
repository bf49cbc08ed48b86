import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the batches screens until they are built. */
export function BatchesPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
