/**
 * What `zod` resolves to in the browser builds, page and workers alike (vite.config.ts aliases it here). Building an
 * object schema makes zod probe `new Function` to see whether it may compile fast parsers; under the console's CSP
 * (no 'unsafe-eval') the probe is reported as a violation even though zod catches it. `jitless` skips the probe,
 * but only for schemas built after it is set: as the module every schema module imports, this runs before each of
 * them, whatever chunk the bundler puts them in.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
