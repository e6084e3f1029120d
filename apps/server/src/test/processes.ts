import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Server processes in tests: the server as `npm start` runs it, from the sources (tsx). */

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

/** tsx resolves the workspace packages to their sources (as in server.test.ts). */
function tsconfigFor(dir: string): string {
  const path = join(dir, 'tsconfig.json');
  const paths = {
    '@tb/core': [join(repo, 'packages/core/src/index.ts')],
    '@tb/hyperliquid': [join(repo, 'packages/hyperliquid/src/index.ts')],
    '@tb/paper-exchange': [join(repo, 'apps/paper-exchange/src/index.ts')],
  };
  writeFileSync(path, JSON.stringify({ compilerOptions: { baseUrl: repo, paths } }));
  return path;
}

export interface Running {
  child: ChildProcess;
  port: number;
  logs: string[];
}

/**
 * The server process as `npm start` runs it, on PORT=0 with a data folder of its own (as a
 * second machine or container has) and the given environment; resolves once it listens.
 */
export function startServer(env: Record<string, string>, dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      TSX_TSCONFIG_PATH: tsconfigFor(dataDir),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      RECONCILE_INTERVAL_MS: '0',
      ...env,
    },
  });
  const logs: string[] = [];
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      logs.push(line);
      const port = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(line)?.[1];
      if (port) resolve({ child, port: Number(port), logs });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${logs.join('\n')}`)));
  });
}

export async function call(port: number, method: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, ...init });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Stops a server process (SIGTERM) and waits for it to exit. */
export async function stopServer({ child }: Running): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A JSON request to a server process; the answer's status and JSON body (null when none). */
export async function json(
  port: number,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined && { 'content-type': 'application/json' }),
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
    },
    ...(opts.body !== undefined && { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}
