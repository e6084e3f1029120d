// Whether the built server is there and up to date with its sources (and those of the packages
// it references), by asking the TypeScript build itself: `tsc -b --dry apps/server`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_HINT = 'run `npm run build` (or `npx tsc -b apps/server`) first';

/** Throws with what to run when `server` is missing or older than its sources. */
export function checkServerBuild(server) {
  if (!existsSync(server)) throw new Error(`${server} is missing: ${BUILD_HINT}`);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const out = execFileSync(process.execPath, [tsc, '-b', '--dry', 'apps/server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const stale = [...out.matchAll(/A non-dry build would build project '([^']+)'/g)].map((m) =>
    m[1].replace(ROOT, '').replace(/\/tsconfig\.json$/, ''),
  );
  if (stale.length) {
    throw new Error(`the build is out of date (${stale.join(', ')}): ${BUILD_HINT}`);
  }
}
