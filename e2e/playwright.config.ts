import { defineConfig, devices } from '@playwright/test';
import {
  appPort as port,
  baseURL,
  checkoutPort,
  checkoutURL,
  nowPaymentsKeys,
  providerPort,
  providerURL,
} from './support/ports';

export { baseURL };

/** The environment of both apps of the run (each adds its port and address). */
const appEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_SCALE: '50',
  // Journeys read the leaderboard right after closing a trade; the 10 s ranking cache (tested
  // by the server's route tests) would show the ranking of an earlier test.
  LEADERBOARD_CACHE_MS: '0',
  // The live loop journey walks a paper mark through its triggers and sees the reconciler
  // close the trade within a second.
  PAPER_CONTROL: 'true',
  // Prices on the seeded path: nothing calls Hyperliquid (serve.mjs sets it too).
  PAPER_PRICES: 'synthetic',
  RECONCILE_INTERVAL_MS: '500',
  // The step-up journey signs in from many addresses (X-Forwarded-For), as behind Caddy.
  TRUST_PROXY: 'true',
};

/**
 * End-to-end tests against the built app served by `npm start`'s entry point, on a fresh data
 * folder, in Debian's Chromium. A missing browser fails the run: it never skips.
 */
export default defineConfig({
  testDir: './tests',
  // One folder per port, so two runs side by side (E2E_PORT) keep their own traces.
  outputDir: port === 3107 ? 'test-results' : `test-results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous bounds, not speed checks: a journey of two sign-ins and an admin panel took more
  // than 30 s on this 2-core machine while it was busy with other work.
  timeout: 90_000,
  expect: {
    timeout: 15_000,
    // The visual regression spec (tests/visual.spec.ts): a small tolerance for anti-aliasing;
    // nothing moving, no caret, CSS pixels whatever the device scale.
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.01,
      threshold: 0.2,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  // Baselines committed under e2e/screenshots, without a platform suffix: CI runs the same
  // Debian Chromium (regenerate: npm run test:visual:update -w e2e, after npm run build).
  snapshotPathTemplate: '{testDir}/../screenshots/{arg}{ext}',
  reporter: [['list']],
  forbidOnly: true,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // The app every spec uses, checkout off; then, for tests/payments.spec.ts only, a fake
  // NOWPayments and a second app with checkout on, each on its own port derived from E2E_PORT
  // (support/ports.ts), the second app on its own data folder (serve.mjs names it by port).
  webServer: [
    {
      command: 'node serve.mjs',
      url: `${baseURL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { ...appEnv, PORT: String(port), PUBLIC_URL: baseURL },
    },
    {
      command: 'node fake-nowpayments.mjs',
      url: `${providerURL}/health`,
      timeout: 10_000,
      reuseExistingServer: false,
      env: { FAKE_NOWPAYMENTS_PORT: String(providerPort), ...nowPaymentsKeys },
    },
    {
      command: 'node serve.mjs',
      url: `${checkoutURL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      // PUBLIC_URL its own: the invoice's IPN callback and return address point at it.
      env: {
        ...appEnv,
        PORT: String(checkoutPort),
        PUBLIC_URL: checkoutURL,
        ...nowPaymentsKeys,
        NOWPAYMENTS_API_URL: providerURL,
      },
    },
  ],
});
