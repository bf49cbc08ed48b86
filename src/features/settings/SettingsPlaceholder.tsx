import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the settings screens until they are built. */
export function SettingsPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
