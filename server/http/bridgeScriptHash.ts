import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inlineScriptText } from '../../src/domain/tickets/templateDocument.ts';

/**
 * The CSP source that allows a script of public/ inlined into a srcdoc frame (a srcdoc frame inherits the console's
 * policy, which otherwise forbids inline scripts): the console bridge of ticket template frames and the builder's
 * preview script. Read from the built PWA, or from public/ in development; null when neither exists.
 */
export function inlineScriptHashSource(staticDir: string, fileName: string): string | null {
  for (const file of [path.join(staticDir, fileName), path.resolve('public', fileName)]) {
    if (!fs.existsSync(file)) continue;
    const text = inlineScriptText(fs.readFileSync(file, 'utf8'));
    return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  }
  return null;
}

export const bridgeScriptHashSource = (staticDir: string): string | null => inlineScriptHashSource(staticDir, 'console-bridge.js');
export const builderPreviewHashSource = (staticDir: string): string | null => inlineScriptHashSource(staticDir, 'builder-preview.js');
