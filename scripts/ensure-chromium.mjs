// Before the end-to-end tests: makes sure the browser they run in is there (Debian's Chromium at
// /usr/bin/chromium, or CHROMIUM_PATH as in e2e/playwright.config.ts). When it is missing, it is
// installed with apt-get where the machine allows it (root and apt-get, as .ci/run does); else
// the run stops at once with one line that says how.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-dejavu-core'];
const custom = process.env.CHROMIUM_PATH;
const browser = custom ?? DEFAULT_PATH;

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function stop(message) {
  console.error(message);
  process.exit(1);
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function aptGet(args) {
  const run = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

if (!executable(browser)) {
  const how = `run \`sudo apt-get install -y ${PACKAGES.join(' ')}\` (Debian) or set CHROMIUM_PATH to a Chromium binary`;
  if (custom) stop(`Chromium is missing at CHROMIUM_PATH=${custom}: ${how}.`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !has('apt-get')) stop(`Chromium is missing: ${how}.`);
  console.log(`Installing Debian's Chromium for the end-to-end tests (apt-get)...`);
  if (!aptGet(['update', '-qq']) || !aptGet(['install', '-y', '-qq', ...PACKAGES])) {
    stop(`Chromium could not be installed with apt-get: ${how}.`);
  }
  if (!executable(DEFAULT_PATH)) stop(`Chromium is still missing at ${DEFAULT_PATH}: ${how}.`);
}
