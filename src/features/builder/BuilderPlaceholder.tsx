import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the builder screens until they are built. */
export function BuilderPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
