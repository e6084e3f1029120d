import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** The Redis every test that shares state uses: this machine's and CI's (no skipping). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A key prefix of its own per test run, so runs and files on one Redis keep apart. */
export const testKeyPrefix = () => `tb-test-${randomBytes(6).toString('hex')}:`;

/** Deletes every key under `prefix` (after a test run). */
export async function dropKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A redis-server of a test's own (no persistence), which the test stops and starts again on
 * the same port: Redis going away mid-run and coming back.
 */
export class OwnRedisServer {
  #child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server; resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${out}`)),
        10_000,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${out}`));
      });
    });
  }

  /** Freezes the server (SIGSTOP): connections stay open, nothing answers. */
  pause(): void {
    this.#child?.kill('SIGSTOP');
  }

  /** Lets a frozen server run again (SIGCONT). */
  resume(): void {
    this.#child?.kill('SIGCONT');
  }

  /** Kills the server at once (as a crash would) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** Waits until `check` holds (polling every 50 ms), failing after `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
