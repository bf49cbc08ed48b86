import { ComingSoonScreen } from '../shell/ComingSoonScreen.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';

/** Stands in for the whatsapp screens until they are built. */
export function WhatsAppPlaceholder(props: ScreenProps) {
  return <ComingSoonScreen {...props} />;
}
