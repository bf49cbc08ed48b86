import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inlineScriptText } from '../../src/domain/tickets/templateDocument.ts';

/**
 * The CSP source that allows the console bridge inlined into ticket template frames (a srcdoc frame inherits the
 * console's policy, which otherwise forbids inline scripts). Read from the built PWA, or from public/ in
 * development; null when neither exists.
 */
export function bridgeScriptHashSource(staticDir: string): string | null {
  for (const file of [path.join(staticDir, 'console-bridge.js'), path.resolve('public/console-bridge.js')]) {
    if (!fs.existsSync(file)) continue;
    const text = inlineScriptText(fs.readFileSync(file, 'utf8'));
    return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  }
  return null;
}
