// The live-capacity benchmark's traders and the price walk (bench/live-capacity.mjs).
import { randomUUID } from 'node:crypto';
import { expectStatus, pinCoin } from './live-crash-steps.mjs';

/** Coins the traders spread over (the paper exchange's, with prices of 5 significant figures). */
export const COINS = ['BTC', 'ETH', 'SOL', 'HYPE', 'AVAX'];
/** The nearest stop sits this far below the mark; each next one a step further. */
const FIRST_STOP = 0.015;
/** 0.15 %: past the price watch's band (0.1 %), so a pin near one stop reaches no other trader's. */
const STOP_STEP = 0.0015;

/** `x` to 5 significant figures (Hyperliquid's prices). */
export const sig5 = (x) => Number(x.toPrecision(5));

/** The harness's JSON requests to a server process (`{ url, label }`): live-crash's. */
export { expectStatus, request } from './live-crash-steps.mjs';

/** The paper exchange's mids now, rounded: where the marks are pinned for the run. */
export async function marksNow(server) {
  const mids = await expectStatus(server, 200, 'POST', '/paper/info', {
    body: { type: 'allMids' },
  });
  return Object.fromEntries(COINS.map((coin) => [coin, sig5(Number(mids[coin]))]));
}

/** Pins a coin's paper mark as the bench's admin (the control route asks for one). */
export const pinMark = pinCoin;

/** Trader `i`: its coin, and its place on that coin's ladder of stops. */
export function seat(i, marks) {
  const coin = COINS[i % COINS.length];
  const rung = Math.floor(i / COINS.length);
  const mark = marks[coin];
  const stop = sig5(mark * (1 - FIRST_STOP - rung * STOP_STEP));
  return { coin, rung, mark, stop, takeProfit: sig5(mark * 1.5), crossAt: sig5(stop * 0.9997) };
}

/**
 * Registers trader `i`, connects a one-click paper account, turns live trading on and places
 * a long bracket at market (2x) with its stop on its rung: `{ token, tradeId }`.
 */
export async function newTrader(server, i, marks, runId) {
  const { coin, mark, stop, takeProfit } = seat(i, marks);
  const username = `cap${runId}x${i}`;
  const session = await expectStatus(server, 201, 'POST', '/api/users/register', {
    body: { username, email: `${username}@example.com`, password: `pw-${username}-long` },
  });
  const token = session.token;
  await expectStatus(server, 201, 'POST', '/api/users/exchanges', {
    token,
    body: { exchangeId: 'hyperliquid', network: 'paper' },
  });
  await expectStatus(server, 200, 'PUT', '/api/users/settings', {
    token,
    body: { liveTradingEnabled: true },
  });
  const trade = await expectStatus(server, 201, 'POST', '/api/trades', {
    token,
    key: randomUUID(),
    body: {
      pair: `${coin}USDT`,
      isLong: true,
      sizeUsd: 200,
      entryPrice: mark,
      stopLoss: stop,
      takeProfit,
      order: { type: 'market', leverage: 2 },
    },
  });
  return { token, tradeId: trade.id };
}

/** Runs `task(i)` for i in [0, n) with `width` at a time; `onDone(count)` after each. */
export async function inParallel(n, width, task, onDone = () => undefined) {
  let next = 0;
  let done = 0;
  const results = new Array(n);
  const worker = async () => {
    while (next < n) {
      const i = next++;
      results[i] = await task(i);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, n) }, worker));
  return results;
}

/** The q-quantile of `xs` (nearest rank). */
export function quantile(xs, q) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * Reads the server's per-minute weight lines ('paper: weight of the app calls') from its
 * output: `{ lines }`, each `{ weight, requests, refused, byType }`.
 */
export function weightLog(child) {
  const lines = [];
  let rest = '';
  child.stdout.on('data', (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop();
    for (const part of parts) {
      if (!part.includes('weight of the app calls')) continue;
      try {
        lines.push(JSON.parse(part).appWeights);
      } catch {
        // not a JSON log line
      }
    }
  });
  return { lines };
}
