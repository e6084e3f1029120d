import {
  BingoStateSchema,
  isBoardUntouched,
  DEFAULT_BASE_TRADE_SIZE_USD,
  defaultBingoState,
  defaultRiskState,
  RiskStateSchema,
  TradeSchema,
  type BingoState,
  type RiskState,
  type Trade,
} from '@tb/core';
import type { z } from 'zod';
import { migrateLegacyTrade } from './legacy-trades';

/** Browser-stored items of the journal (SPEC.md section 3). */
export const journalStorageKeys = {
  bingoState: 'bingoState',
  trades: 'trades',
  riskState: 'riskState',
  /** Username whose sign-in already answered the "upload local state?" question. */
  uploadAnswered: 'journalUploadAnswered',
} as const;

/** A fresh id for a board or a local trade (core makes none: it is pure). */
export function newId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}

function readJson<T>(key: string, schema: z.ZodType<T>): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage must not break the dashboard; the state lives on in memory.
  }
}

export function readLocalBingo(now: number): BingoState {
  return (
    readJson(journalStorageKeys.bingoState, BingoStateSchema) ?? defaultBingoState(newId(), now)
  );
}

/** The stored local trades; `migrated` when some were in an older shape (see below). */
export interface StoredTrades {
  trades: Trade[];
  migrated: boolean;
}

/**
 * The trades kept in the browser. Trades stored before sizes were recorded are read, not
 * dropped: they get the size of `baseTradeSizeUsd` and are marked `sizeEstimated`
 * (DESIGN.md section 7). Items that are not trades at all are left out.
 */
export function readLocalTrades(baseTradeSizeUsd = DEFAULT_BASE_TRADE_SIZE_USD): StoredTrades {
  const raw = localStorage.getItem(journalStorageKeys.trades);
  if (!raw) return { trades: [], migrated: false };
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return { trades: [], migrated: false };
    let migrated = false;
    const trades = list.flatMap((item) => {
      const parsed = TradeSchema.safeParse(item);
      if (parsed.success) return [parsed.data];
      const legacy = migrateLegacyTrade(item, baseTradeSizeUsd);
      if (legacy) migrated = true;
      return legacy ? [legacy] : [];
    });
    return { trades, migrated };
  } catch {
    return { trades: [], migrated: false };
  }
}

export function readLocalRisk(now: number): RiskState {
  return readJson(journalStorageKeys.riskState, RiskStateSchema) ?? defaultRiskState(now);
}

export const writeLocalBingo = (state: BingoState) =>
  writeJson(journalStorageKeys.bingoState, state);
export const writeLocalTrades = (trades: Trade[]) => writeJson(journalStorageKeys.trades, trades);
export const writeLocalRisk = (risk: RiskState) => writeJson(journalStorageKeys.riskState, risk);

/** Whether the browser holds anything worth offering for upload after sign-in. */
export function hasLocalJournal(): boolean {
  const bingo = readJson(journalStorageKeys.bingoState, BingoStateSchema);
  const boardsUsed =
    bingo !== null &&
    (bingo.bingoPages.length > 1 || bingo.bingoPages.some((b) => !isBoardUntouched(b)));
  return boardsUsed || readLocalTrades().trades.length > 0;
}

/** Leaves only `trades` among the local trades (the upload took the others). */
export function keepLocalTrades(trades: readonly Trade[]): void {
  if (trades.length > 0) writeLocalTrades([...trades]);
  else localStorage.removeItem(journalStorageKeys.trades);
}

/** Forgets the anonymous boards and risk state (after the upload took them). */
export function clearLocalBoards(): void {
  localStorage.removeItem(journalStorageKeys.bingoState);
  localStorage.removeItem(journalStorageKeys.riskState);
}
