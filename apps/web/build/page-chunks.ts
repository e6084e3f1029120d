import { build, type Plugin, type Rolldown } from 'vite';

/**
 * Fewer, earlier requests for the pages a trader opens first.
 *
 * Rolldown's default splitting makes a chunk of every set of modules that the same lazy pages
 * share. With fifteen lazy pages, a signed-in /bingo loaded 45 files, most of 1-2 KB; on a
 * phone's network (about 150 ms a round trip, six connections to an origin over HTTP/1.1) they
 * queue, and the dashboard's data requests queued behind them. Here the build runs twice:
 *
 * 1. with the default splitting and nothing written (`PLAN_MODE`), to learn which modules
 *    each page loads: the entry and every chunk it imports statically (the `shell`, loaded by
 *    every page), and for each page of `pages` the chunks its lazy module imports statically
 *    that the shell does not;
 * 2. for real, with one group per page and one for the shell, taken from that plan.
 *
 * The plan comes from the first build's output, so it holds only modules that survived
 * tree-shaking (a barrel such as @tb/core's index does not drag all of core into the shell),
 * and no group imports a later one: the shell imports no page, a page imports the shell only.
 * Modules of no group (the other lazy pages) are split by Rolldown as before.
 */

export const PLAN_MODE = 'chunk-plan';

export interface PageChunk {
  /** The page's lazy module, as an absolute path (what `import()` loads). */
  module: string;
  /** Its chunk's name, and the path it is served at (`/${name}`). */
  name: string;
}

type OutputChunk = Rolldown.OutputChunk;

/** The modules of `start` and of every chunk it imports statically, by chunk file name. */
function staticClosure(start: OutputChunk, byFile: Map<string, OutputChunk>): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) stack.push(next);
    }
  }
  return [...seen.values()];
}

/** Module id -> group name, from the output of a build with Rolldown's default splitting. */
export function planFromOutput(
  chunks: readonly OutputChunk[],
  pages: readonly PageChunk[],
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('chunk plan: the build has no entry chunk');
  const owners = new Map<string, string>();
  const claim = (chunk: OutputChunk, name: string) => {
    for (const id of chunk.moduleIds) if (!owners.has(id)) owners.set(id, name);
  };
  for (const chunk of staticClosure(entry, byFile)) claim(chunk, 'shell');
  for (const page of pages) {
    const start = chunks.find((c) => c.moduleIds.includes(page.module));
    if (!start) throw new Error(`chunk plan: no chunk holds ${page.module}`);
    for (const chunk of staticClosure(start, byFile)) claim(chunk, page.name);
  }
  return owners;
}

/**
 * Runs the first build (same config file, `PLAN_MODE`, nothing written) and returns the
 * `codeSplitting` options of the second.
 */
export async function pageCodeSplitting(
  configFile: string,
  pages: readonly PageChunk[],
): Promise<Rolldown.CodeSplittingOptions> {
  const result = await build({
    configFile,
    mode: PLAN_MODE,
    logLevel: 'silent',
    build: { write: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((o) =>
    'output' in o ? o.output.filter((f): f is OutputChunk => f.type === 'chunk') : [],
  );
  const owners = planFromOutput(chunks, pages);
  return {
    // The plan is closed under imports already; a module's group is the plan's, not its
    // importer's.
    includeDependenciesRecursively: false,
    groups: [{ name: (id) => owners.get(id) ?? null, priority: 100 }],
  };
}

/**
 * Writes `pages/<name>.html` for every page: index.html with the page's chunks and styles
 * asked for in its head, so they download beside the shell instead of after it has run, and
 * `inlineScript(path)` run as the head is parsed (the server sends it for `/<name>` and allows
 * that script by its hash).
 */
export function pageDocuments(
  pages: readonly PageChunk[],
  inlineScript: (path: string) => string,
): Plugin {
  return {
    name: 'tb-page-documents',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const shell = new Set(staticClosure(entry, byFile).map((c) => c.fileName));
      const html = String(index.source);
      for (const page of pages) {
        const start = chunks.find((c) => c.moduleIds.includes(page.module));
        if (!start) this.error(`page documents: no chunk holds ${page.module}`);
        const own = staticClosure(start, byFile).filter((c) => !shell.has(c.fileName));
        const styles = new Set(own.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
        const links = [
          ...own.map((c) => `<link rel="modulepreload" crossorigin href="/${c.fileName}">`),
          ...[...styles].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          // Last, so the scripts and styles are asked for first.
          `<script>${inlineScript(`/${page.name}`)}</script>`,
        ];
        this.emitFile({
          type: 'asset',
          fileName: `pages/${page.name}.html`,
          source: html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
        });
      }
    },
  };
}
