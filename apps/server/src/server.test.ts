import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

/**
 * tsx resolves the workspace packages to their sources (their package.json points at dist,
 * which a test must not need).
 */
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

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Running {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** Resolves with the exit code and how long after `signalAt` the process exited. */
  exited: Promise<{ code: number | null; afterMs: number }>;
  signalAt: number;
}

/** The server process as `npm start` runs it (tsx instead of a build), on a fresh folder. */
async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-server-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      TSX_TSCONFIG_PATH: tsconfigFor(dataDir),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      ...env,
    },
  });
  const running: Running = { child, port, dataDir, signalAt: 0, exited: undefined as never };
  running.exited = new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, afterMs: performance.now() - running.signalAt })),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void running.exited.then(({ code }) => reject(new Error(`server exited (${code})`)));
  });
  return running;
}

/** One GET on `agent` (keep-alive), answered with its status. */
function get(port: number, path: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** A raw HTTP exchange on a new connection: resolves with the status line, or the error. */
function rawRequest(port: number, request: string): { socket: Socket; answer: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  socket.write(request);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', (err) => resolve(`error: ${(err as NodeJS.ErrnoException).code}`));
  });
  return { socket, answer };
}

describe('the server process on SIGTERM', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

  it('answers what was just sent, closes idle connections and exits at once', async () => {
    const server = await startServer();
    cleanup.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    const agent = new http.Agent({ keepAlive: true });
    cleanup.push(() => agent.destroy());
    // An idle keep-alive connection, and one that never sent a request (a browser's preconnect).
    expect(await get(server.port, '/api/health', agent)).toBe(200);
    const silent = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    cleanup.push(() => silent.destroy());
    // A request on the wire as the signal comes.
    const late = rawRequest(server.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    cleanup.push(() => late.socket.destroy());
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.signalAt = performance.now();
    server.child.kill('SIGTERM');

    expect(await late.answer).toBe('HTTP/1.1 200 OK');
    const { code, afterMs } = await server.exited;
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(3_000);
    expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false);
  }, 90_000);

  it('exits by the deadline when a request never ends', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '2000' });
    cleanup.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    // A request whose body never arrives stays in flight for as long as the client wants.
    const stuck = rawRequest(
      server.port,
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"username":',
    );
    cleanup.push(() => stuck.socket.destroy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.signalAt = performance.now();
    server.child.kill('SIGTERM');

    const { code, afterMs } = await server.exited;
    expect(code).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(1_900);
    expect(afterMs).toBeLessThan(4_500);
    expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false);
  }, 90_000);
});
