import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Mainnet's last mids, kept across a restart (PAPER_PRICES): a paper exchange that starts while
 * mainnet does not answer continues from them rather than from the seeded path's own level,
 * which would liquidate the positions opened at mainnet's prices.
 */
export interface PriceSnapshot {
  /** When the mids were received (epoch ms). */
  time: number;
  mids: Record<string, number>;
}

export interface PriceMemory {
  load(): PriceSnapshot | undefined;
  save(snapshot: PriceSnapshot): void;
}

function isSnapshot(value: unknown): value is PriceSnapshot {
  const snapshot = value as PriceSnapshot | null;
  return (
    typeof snapshot === 'object' &&
    snapshot !== null &&
    Number.isFinite(snapshot.time) &&
    typeof snapshot.mids === 'object' &&
    snapshot.mids !== null &&
    Object.values(snapshot.mids).every((px) => Number.isFinite(px) && px > 0)
  );
}

/**
 * A snapshot in a JSON file (the server's DATA_DIR), written whole through a temporary file.
 * Best effort: a file that cannot be read or written is as if there were none.
 */
export class FilePriceMemory implements PriceMemory {
  constructor(private readonly path: string) {}

  load(): PriceSnapshot | undefined {
    try {
      const value = JSON.parse(readFileSync(this.path, 'utf8')) as unknown;
      return isSnapshot(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  save(snapshot: PriceSnapshot): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      const temporary = `${this.path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(snapshot));
      renameSync(temporary, this.path);
    } catch {
      // Only a restart while mainnet is down would miss it.
    }
  }
}
