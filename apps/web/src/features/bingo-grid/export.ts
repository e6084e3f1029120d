import { API_BASE } from '@/lib/api-client';
import { readSession } from '@/lib/session';

export const exportTexts = {
  failed: 'Failed to export the boards',
  fileName: 'trading-bingo-boards.xlsx',
} as const;

/**
 * GET /api/bingo/export.xlsx with the bearer token (the server builds the workbook, so the
 * library stays out of the browser) and hands the file to the browser as a download.
 */
export async function downloadBoardsExport(): Promise<void> {
  const token = readSession()?.token;
  const response = await fetch(`${API_BASE}/bingo/export.xlsx`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(exportTexts.failed);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = exportTexts.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
