import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the frontdesk screens until they are built. */
export function FrontdeskPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
