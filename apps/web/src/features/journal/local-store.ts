import type { BingoState, RiskState, Trade } from '@tb/core';
import { useSyncExternalStore } from 'react';
import {
  readLocalBingo,
  readLocalRisk,
  readLocalTrades,
  writeLocalBingo,
  writeLocalRisk,
  writeLocalTrades,
} from './storage';

/** The anonymous journal, kept in memory and mirrored to localStorage on every change. */
export interface LocalJournal {
  bingo: BingoState;
  trades: Trade[];
  risk: RiskState;
}

let snapshot: LocalJournal | null = null;
const listeners = new Set<() => void>();

function load(): LocalJournal {
  if (snapshot) return snapshot;
  const risk = readLocalRisk(Date.now());
  const stored = readLocalTrades(risk.baseTradeSize);
  // Sizes estimated once are kept, so a later change of the base trade size does not move them.
  if (stored.migrated) writeLocalTrades(stored.trades);
  snapshot = { bingo: readLocalBingo(Date.now()), trades: stored.trades, risk };
  return snapshot;
}

export function readLocalJournal(): LocalJournal {
  return load();
}

/**
 * Replaces parts of the local journal; unchanged slices keep their identity, so widgets
 * that select another slice do not re-render.
 */
export function updateLocalJournal(change: (current: LocalJournal) => Partial<LocalJournal>): void {
  const current = load();
  const patch = change(current);
  const next = { ...current, ...patch };
  if (patch.bingo && patch.bingo !== current.bingo) writeLocalBingo(patch.bingo);
  if (patch.trades && patch.trades !== current.trades) writeLocalTrades(patch.trades);
  if (patch.risk && patch.risk !== current.risk) writeLocalRisk(patch.risk);
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Drops the in-memory copy so the next read comes from storage (tests, sign-in upload). */
export function resetLocalJournal(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One slice of the local journal; re-renders only when that slice changes. */
export function useLocalJournal<T>(select: (journal: LocalJournal) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(load()),
    () => select(load()),
  );
}
