// Starts the built app for the end-to-end run on a fresh data folder (e2e/.data, or
// e2e/.data-<port> when E2E_PORT names another port, so two runs can go side by side).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const port = process.env.PORT ?? '3107';
const folder = port === '3107' ? './.data' : `./.data-${port}`;
const dataDir = fileURLToPath(new URL(folder, import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
// The paper market stays on its seeded path: an end-to-end run never calls Hyperliquid.
process.env.PAPER_PRICES = 'synthetic';
await import('../scripts/start.mjs');
