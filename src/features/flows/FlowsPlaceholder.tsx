import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the flows screens until they are built. */
export function FlowsPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
