import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the dashboard screens until they are built. */
export function DashboardPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
