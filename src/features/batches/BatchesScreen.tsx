import { ComingSoonScreen, type ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** The batches list (part 2 §2): being built. */
export function BatchesScreen(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
