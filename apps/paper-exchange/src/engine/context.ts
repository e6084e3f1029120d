import type { PerpAsset } from '../market/assets.js';
import { bookAt } from '../market/book.js';
import type { Book } from '../market/book.js';
import { marksAt } from '../market/marks.js';
import type { Marks } from '../market/marks.js';
import type { MarkPins } from '../market/pins.js';

/** What the engine works with besides the account: the price path's seed and the request's clock (epoch ms). */
export interface EngineContext {
  seed: number;
  nowMs: number;
  /** Marks pinned by the control route (PAPER_CONTROL), if any. */
  pins?: MarkPins;
  /** The marks and books at `nowMs`, computed once per request (see marksNow, bookNow). */
  memo?: { marks?: Marks; books?: Map<string, Book> };
}

/** The marks at the request's time (an action of 50 orders computes them once). */
export function marksNow(ctx: EngineContext): Marks {
  ctx.memo ??= {};
  ctx.memo.marks ??= marksAt(ctx.seed, ctx.nowMs, ctx.pins);
  return ctx.memo.marks;
}

/** The book of `asset` at the request's time, computed once per request. */
export function bookNow(ctx: EngineContext, asset: PerpAsset): Book {
  ctx.memo ??= {};
  const books = (ctx.memo.books ??= new Map());
  let book = books.get(asset.name);
  if (!book) {
    book = bookAt(ctx.seed, asset, ctx.nowMs, ctx.pins);
    books.set(asset.name, book);
  }
  return book;
}
