import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the cases screens until they are built. */
export function CasesPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
