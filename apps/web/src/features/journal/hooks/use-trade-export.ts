import { useMutation } from '@tanstack/react-query';
import { tradesToCsv, tradingDate } from '@tb/core';
import { saveFile } from '@/lib/save-file';
import { downloadTradesCsv, journalMessages } from '../api';
import { readLocalJournal } from '../local-store';
import { useJournalMode } from './use-journal-mode';
import { browserTimeZone } from '@/lib/time-zone';

/** 'trading-bingo-trades-2026-01-05.csv', dated in the browser's zone. */
export function tradesCsvFileName(now: number): string {
  return `trading-bingo-trades-${tradingDate(now, browserTimeZone())}.csv`;
}

/**
 * "Export CSV" of Trade History: signed in, the server's GET /api/trades/export.csv (every
 * trade, with the bearer token); anonymous, core's `tradesToCsv` of the browser's trades.
 * A failure is told by the query client's one error handler.
 */
export function useTradeExport(): { exportCsv: () => void; exporting: boolean } {
  const { signedIn } = useJournalMode();
  const mutation = useMutation({
    mutationFn: async () => {
      const blob = signedIn
        ? await downloadTradesCsv()
        : new Blob([tradesToCsv(readLocalJournal().trades)], { type: 'text/csv;charset=utf-8' });
      saveFile(blob, tradesCsvFileName(Date.now()));
    },
    meta: { errorMessage: journalMessages.exportTrades },
  });
  return { exportCsv: () => mutation.mutate(), exporting: mutation.isPending };
}
