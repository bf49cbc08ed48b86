import { ComingSoonScreen, type ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** The batch detail (part 2 §2): being built. */
export function BatchDetailScreen(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
