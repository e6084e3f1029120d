/**
 * The addresses of an end-to-end run, all derived from E2E_PORT (3107 unless named), so a run
 * on another port (E2E_PORT=3147) keeps every server of its own apart from the others':
 * - the app on the port itself, checkout off (the static payment links, as without keys);
 * - a fake NOWPayments on port + 1 (fake-nowpayments.mjs);
 * - a second app on port + 2 with NOWPayments checkout on, pointed at the fake, on its own data
 *   folder (serve.mjs names it after the port): tests/payments.spec.ts.
 */
export const appPort = Number(process.env.E2E_PORT ?? 3107);
export const baseURL = `http://127.0.0.1:${appPort}`;

export const providerPort = appPort + 1;
export const providerURL = `http://127.0.0.1:${providerPort}`;

export const checkoutPort = appPort + 2;
export const checkoutURL = `http://127.0.0.1:${checkoutPort}`;

/** The fake provider's keys, given to it and to the checkout app (at least 8 characters). */
export const nowPaymentsKeys = {
  NOWPAYMENTS_API_KEY: 'e2e-fake-nowpayments-api-key',
  NOWPAYMENTS_IPN_SECRET: 'e2e-fake-nowpayments-ipn-secret',
};

/** The data folder serve.mjs gives the app on `port`, relative to e2e/. */
export const dataFolderOf = (port: number) => (port === 3107 ? '.data' : `.data-${port}`);
