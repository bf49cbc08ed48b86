// The builder preview script's exact text, inlined into the preview frame so it runs offline. The console's content
// policy allows it by hash (server/http/bridgeScriptHash.ts): the frame inherits that policy.
import source from '../../../public/builder-preview.js?raw';

export const BUILDER_PREVIEW_SOURCE: string = source;
