// The bridge's exact text, inlined into each template frame so it runs offline. The console's content policy
// must allow it by hash (see the issue note): the frame inherits that policy and forbids other inline scripts.
import source from '../../../public/console-bridge.js?raw';

export const CONSOLE_BRIDGE_SOURCE: string = source;
