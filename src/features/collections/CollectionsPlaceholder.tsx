import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the collections screens until they are built. */
export function CollectionsPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
