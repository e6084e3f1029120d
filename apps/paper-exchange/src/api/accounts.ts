import type { MarkPins } from '../market/pins.js';
import { advance } from '../engine/lazy.js';
import { ID_BLOCK_SIZE } from '../limits.js';
import { hasExposure, needsIdBlock, newLedger, useIdBlock } from '../state.js';
import type { Account, Ledger } from '../state.js';
import type { PaperTransaction } from '../types.js';
import { accountTransaction } from './context.js';
import type { ExchangeDeps } from './context.js';

/** History is pruned each time an account's ids pass a multiple of this. */
const PRUNE_EVERY_IDS = 1000;
/** ... and each time its funding passes a multiple of this (an idle position takes no ids). */
const PRUNE_EVERY_FUNDING_MS = 100 * 3_600_000;
/**
 * A read stores the evaluation of an account with exposure at least this often, so the replay
 * that reads repeat (they do not write when nothing happened) stays short.
 */
const STORE_EVALUATION_AFTER_MS = 10 * 60_000;

/** A locked account opened for one request, and how to store it back. */
export interface OpenLedger {
  ledger: Ledger;
  /** Writes the account and what the request appended, in the request's transaction. */
  save(): Promise<void>;
}

function idOf(account: Account): number {
  return account.idBlock * ID_BLOCK_SIZE + account.nextId;
}

/**
 * Prepares a locked account for a request at `nowMs`: gives it a fresh block of ids when its
 * block runs low, then lets time pass on it (resting fills, liquidation).
 */
export async function openLedger(
  tx: PaperTransaction,
  account: Account,
  seed: number,
  nowMs: number,
  pins?: MarkPins,
): Promise<OpenLedger> {
  if (needsIdBlock(account)) useIdBlock(account, await tx.newIdBlock());
  const firstId = idOf(account);
  const ledger = newLedger(account);
  advance(ledger, seed, nowMs, pins);
  return {
    ledger,
    save: () =>
      tx.saveAccount(account, {
        fills: ledger.fills,
        finished: ledger.finished,
        fundings: ledger.fundings,
        prune:
          Math.floor(firstId / PRUNE_EVERY_IDS) !== Math.floor(idOf(account) / PRUNE_EVERY_IDS) ||
          ledger.fundings.some((f) => f.time % PRUNE_EVERY_FUNDING_MS === 0),
      }),
  };
}

/**
 * The account of `address` as it is at `nowMs`, for a read. Time passing on an account with
 * a position or a resting order may fill or liquidate it: then (or when its last stored
 * evaluation is old) the account is evaluated and stored in a transaction; otherwise the
 * evaluation is computed on the read copy only and nothing is written.
 */
export async function accountNow(
  deps: ExchangeDeps,
  address: string,
  nowMs: number,
): Promise<Account | undefined> {
  const stored = await deps.store.read.account(address);
  if (!stored || !hasExposure(stored)) return stored;
  if (stored.lastEvalMs > nowMs) return stored;
  if (stored.lastEvalMs === nowMs && !deps.pins.setSince(nowMs)) return stored;
  const storedAt = stored.lastEvalMs;
  if (!needsIdBlock(stored)) {
    const changed = advance(newLedger(stored), deps.seed, nowMs, deps.pins);
    if (!changed && nowMs - storedAt < STORE_EVALUATION_AFTER_MS) return stored;
  }
  return accountTransaction(deps, address, async (tx) => {
    const account = await tx.lockAccount(address);
    if (!account) return undefined;
    await (await openLedger(tx, account, deps.seed, nowMs, deps.pins)).save();
    return account;
  });
}
