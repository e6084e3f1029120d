import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export const exportTexts = {
  failed: 'Failed to export the boards',
  fileName: 'trading-bingo-boards.xlsx',
} as const;

/**
 * GET /api/bingo/export.xlsx with the bearer token (the server builds the workbook, so the
 * library stays out of the browser) and hands the file to the browser as a download, the same
 * way as the trade journal's CSV.
 */
export async function downloadBoardsExport(): Promise<void> {
  saveFile(await apiDownload('/bingo/export.xlsx'), exportTexts.fileName);
}
