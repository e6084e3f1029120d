import type { PaperSnapshot, PaperStore } from './types.js';

/** Keeps the snapshot in memory (a deep copy, so later changes to the live state do not leak in). */
export class MemoryPaperStore implements PaperStore {
  private snapshot: PaperSnapshot | null = null;

  async load(): Promise<PaperSnapshot | null> {
    return this.snapshot ? structuredClone(this.snapshot) : null;
  }

  async save(snapshot: PaperSnapshot): Promise<void> {
    this.snapshot = structuredClone(snapshot);
  }
}
