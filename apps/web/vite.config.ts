import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pageCodeSplitting, pageDocuments, PLAN_MODE, type PageChunk } from './build/page-chunks';
import { pageBootScript } from './src/lib/early-requests';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of the
 * build, index.html included, once the bundle is written: the server sends them as they are
 * (its static plugin's `preCompressed`), so no request pays for compression. A variant that
 * would not be smaller than the file is not written; the server then sends the file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tb-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) =>
        COMPRESSIBLE.test(f),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const data = await readFile(path);
          const variants: [string, Buffer][] = [
            [
              '.br',
              await brotli(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
            ],
            ['.gz', await gzipAsync(data, { level: 9 })],
          ];
          for (const [ext, packed] of variants) {
            if (packed.length < data.length) await writeFile(path + ext, packed);
          }
        }),
      );
    },
  };
}

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** Pages that get a chunk of their own and a document that asks for it (build/page-chunks.ts). */
const PAGES: PageChunk[] = [{ module: src('features/bingo/index.ts'), name: 'bingo' }];

export default defineConfig(async ({ command, mode }) => {
  const planning = mode === PLAN_MODE;
  const codeSplitting =
    command === 'build' && !planning
      ? await pageCodeSplitting(fileURLToPath(import.meta.url), PAGES)
      : undefined;
  return {
    plugins: [react(), ...(planning ? [] : [pageDocuments(PAGES, pageBootScript), precompress()])],
    resolve: {
      alias: {
        '@tb/core': fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url)),
        '@': fileURLToPath(new URL('./src', import.meta.url)),
      },
    },
    server: {
      port: 5173,
      // /paper/ws: the trading page follows a paper account's fills and orders there.
      proxy: {
        '/api': 'http://127.0.0.1:3000',
        '/paper/ws': { target: 'ws://127.0.0.1:3000', ws: true },
      },
    },
    // No source maps in the build: the server would serve them to anyone (the original sources,
    // comments included) and nothing here reads them; `npm run dev` has maps for debugging. The
    // server refuses `.map` paths as well, should a build ever emit them.
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 400,
      rolldownOptions: { output: { codeSplitting } },
    },
  };
});
