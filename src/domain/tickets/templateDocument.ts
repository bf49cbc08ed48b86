/** Where templates load the console bridge from (public/console-bridge.js). */
export const BRIDGE_SCRIPT_PATH = '/console-bridge.js';

// The frame has no styles of its own; seeded templates are bare forms, so they get a plain readable look.
const BASE_STYLE = `<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#0f172a}
form{display:flex;flex-direction:column;gap:12px;max-width:640px}
label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:14px}
input,select,textarea{font:inherit;font-weight:400;padding:6px 8px;border:1px solid #cbd5e1;border-radius:6px}
input[type=checkbox]{align-self:flex-start}
.actions{display:flex;gap:8px}
button{font:inherit;font-weight:600;padding:8px 16px;border-radius:8px;border:1px solid #1f3a5f;background:#fff;color:#1f3a5f;cursor:pointer}
button[type=submit]{background:#1f3a5f;color:#fff}
</style>`;

/**
 * The console's own policy lets it frame any https page (the workspace's external dashboard). A template frame
 * inherits that policy; this one, added to it, keeps templates from framing anything but the console's own files,
 * so a template cannot carry a ticket's data off in a frame's address.
 */
const FRAME_POLICY = `<meta http-equiv="Content-Security-Policy" content="frame-src 'self' blob:">`;

/**
 * The bridge's text as it stands inside the frame's <script> element. The server allows exactly this text by
 * its hash in the content policy that the frame inherits, so both sides must derive it here.
 */
export const inlineScriptText = (source: string): string => source.replaceAll('</script', '<\\/script');

/**
 * The frame's document: the template as written plus the bridge script inlined (so it works offline), unless
 * the template includes the script itself.
 */
export function templateDocument(template: string, bridgeSource: string): string {
  const script = template.includes(BRIDGE_SCRIPT_PATH) ? '' : `<script>${inlineScriptText(bridgeSource)}</script>`;
  const head = `<meta charset="utf-8">${FRAME_POLICY}${BASE_STYLE}`;
  if (/<\/body>/i.test(template)) {
    const withScript = template.replace(/<\/body>/i, `${script}</body>`);
    return /<head[^>]*>/i.test(withScript) ? withScript.replace(/<head[^>]*>/i, (tag) => `${tag}${head}`) : `${head}${withScript}`;
  }
  return `<!doctype html><html><head>${head}</head><body>${template}${script}</body></html>`;
}
