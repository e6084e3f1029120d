// Starts the built app for the end-to-end run on a fresh data folder (e2e/.data).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dataDir = fileURLToPath(new URL('./.data', import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
await import('../scripts/start.mjs');
