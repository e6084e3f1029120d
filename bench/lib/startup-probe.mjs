// Preloaded into the server by bench/startup.mjs (NODE_OPTIONS=--import <this file>): measures
// from inside the process without changing what it does.
//   - event-loop blocks: a 10 ms interval notes every gap longer than BLOCK_MS (its start in ms
//     since the process started, and its length), and perf_hooks' delay histogram its maximum;
//   - memory: process.memoryUsage() and the WebAssembly memories the process created (PGlite's
//     Emscripten heap), found by wrapping WebAssembly.instantiate and new WebAssembly.Instance.
// Every 500 ms and on exit it writes a JSON snapshot to STARTUP_PROBE_FILE (atomically).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread, threadId } from 'node:worker_threads';

// A worker thread (the server runs PGlite in one) reports beside the main file, while it lives.
const out =
  process.env.STARTUP_PROBE_FILE &&
  (isMainThread
    ? process.env.STARTUP_PROBE_FILE
    : `${process.env.STARTUP_PROBE_FILE}.thread${threadId}`);
if (out) {
  const TICK_MS = 10;
  const BLOCK_MS = 50;
  /** [start ms since the process started, length ms] of each gap longer than BLOCK_MS. */
  const blocks = [];
  /**
   * The WebAssembly memories alive (PGlite's heap; a new folder's initdb instance has its own
   * for a while), held weakly so the probe keeps none of them alive.
   */
  const memories = new Set();
  const seen = new WeakSet();
  const addMemory = (memory) => {
    if (seen.has(memory)) return;
    seen.add(memory);
    memories.add(new WeakRef(memory));
  };

  const noteInstance = (instance, imports) => {
    for (const value of Object.values(instance?.exports ?? {})) {
      if (value instanceof WebAssembly.Memory) addMemory(value);
    }
    for (const ns of Object.values(imports ?? {})) {
      for (const value of Object.values(ns ?? {})) {
        if (value instanceof WebAssembly.Memory) addMemory(value);
      }
    }
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function (source, imports, ...rest) {
    const result = await instantiate.call(this, source, imports, ...rest);
    noteInstance(result instanceof WebAssembly.Instance ? result : result.instance, imports);
    return result;
  };
  WebAssembly.Instance = new Proxy(WebAssembly.Instance, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget);
      noteInstance(instance, args[1]);
      return instance;
    },
  });

  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  histogram.enable();
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    const gap = now - last - TICK_MS;
    if (gap > BLOCK_MS) blocks.push([Math.round(last), Math.round(gap)]);
    last = now;
  }, TICK_MS);
  ticker.unref();

  const snapshot = () => {
    const m = process.memoryUsage();
    const wasm = [];
    for (const ref of memories) {
      const memory = ref.deref();
      if (memory) wasm.push(memory.buffer.byteLength);
      else memories.delete(ref);
    }
    return {
      atMs: Math.round(performance.now()),
      pid: process.pid,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      wasmMemories: wasm,
      wasmBytes: wasm.reduce((a, b) => a + b, 0),
      blocks,
      histogramMaxMs: Math.round(histogram.max / 1e6),
    };
  };
  const write = () => {
    try {
      writeFileSync(`${out}.tmp`, JSON.stringify(snapshot()));
      renameSync(`${out}.tmp`, out);
    } catch {
      // The bench's folder may be gone already: nothing to report to.
    }
  };
  setInterval(write, 500).unref();
  process.on('exit', () => (isMainThread ? write() : rmSync(out, { force: true })));
}
