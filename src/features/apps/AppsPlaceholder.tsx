import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the apps screens until they are built. */
export function AppsPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
