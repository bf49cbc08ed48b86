import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files of the build; images and fonts are compressed already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file`, each only when it is smaller than the file itself. */
export async function precompressFile(file: string): Promise<void> {
  const source = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < source.length ? fs.writeFile(`${file}.br`, br) : fs.rm(`${file}.br`, { force: true }),
    gz.length < source.length ? fs.writeFile(`${file}.gz`, gz) : fs.rm(`${file}.gz`, { force: true }),
  ]);
}

/** Compresses every text file of a build folder (the server sends the sibling the browser accepts). */
export async function precompressDir(dir: string): Promise<number> {
  const files = [];
  for (const file of await filesUnder(dir)) {
    if (TEXT_FILE.test(file) && (await fs.stat(file)).size >= MIN_BYTES) files.push(file);
  }
  // zlib's async calls run on libuv's thread pool, which bounds how many run at once.
  await Promise.all(files.map(precompressFile));
  return files.length;
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of the built text files, made once at build time instead of on
 * every request. It runs after vite-plugin-pwa has written sw.js, so the service worker is compressed too.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'workflow-console:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const count = await precompressDir(outDir);
        this.info(`pre-compressed ${count} files (.br, .gz)`);
      },
    },
  };
}
