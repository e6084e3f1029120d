// What bench/trade-history.mjs runs inside the page: a long-task observer installed before the
// app starts, and `window.__history.measure(step, arg)`, which performs one step of the Trade
// History the way a click or a choice would (the DOM event React listens to) and times it.

/* global document, window, requestAnimationFrame, MutationObserver, HTMLInputElement -- probe()
   runs in the page. */

/** Installed with page.addInitScript: runs in the page before any of the app's scripts. */
export function probe() {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const $ = (selector) => document.querySelector(selector);
  const rows = () => document.querySelectorAll('[role="dialog"] .trade-row');
  const firstRow = () => rows()[0];
  const countText = () => $('[role="dialog"] .history-filters__count')?.textContent ?? '';
  const shown = (el) => Boolean(el) && el.getBoundingClientRect().height > 0;
  const control = (label) =>
    [...document.querySelectorAll('[role="dialog"] .history-filter')]
      .find((l) => l.querySelector('.history-filter__label')?.textContent === label)
      ?.querySelector('select, input');
  /** Sets a control's value as typing or choosing does, so that React's onChange runs. */
  const choose = (label, value) => {
    const el = control(label);
    if (!el) throw new Error(`no "${label}" control in the Trade History`);
    if (el instanceof HTMLInputElement) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
  const pairOf = (row) => row?.querySelector('.trade-row__head strong')?.textContent;

  /** Each step: `act` does it, `done` says when its result is in the document. */
  const STEPS = {
    open: () => ({
      act: () => $('.trade-form__history').click(),
      done: () => shown(firstRow()),
    }),
    more: () => {
      const before = rows().length;
      return {
        act: () =>
          [...document.querySelectorAll('[role="dialog"] button')]
            .find((b) => b.textContent.startsWith('Show more'))
            .click(),
        done: () => rows().length > before && shown(rows()[rows().length - 1]),
      };
    },
    pair: (pair) => ({
      act: () => choose('Pair', pair),
      done: () => countText().includes('match') && pairOf(firstRow()) === pair,
    }),
    sort: (sort) => {
      const before = firstRow();
      return {
        act: () => choose('Sort', sort),
        done: () => firstRow() !== before && shown(firstRow()),
      };
    },
    from: (date) => ({
      act: () => choose('Opened from', date),
      done: () => countText().includes('opened from'),
    }),
    to: (date) => ({
      act: () => choose('Opened to', date),
      done: () => / to \d/.test(countText()),
    }),
    reset: () => ({
      act: () => $('[role="dialog"] .history-filters__reset').click(),
      done: () => !countText().includes('match'),
    }),
  };

  /** Resolves once `done()` holds: checked after every DOM change, and every 5 ms besides. */
  const until = (done, timeoutMs) =>
    new Promise((resolve, reject) => {
      if (done()) return resolve();
      let timer;
      const observer = new MutationObserver(() => done() && finish());
      const poll = setInterval(() => done() && finish(), 5);
      const finish = () => {
        observer.disconnect();
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      };
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      timer = setTimeout(() => {
        observer.disconnect();
        clearInterval(poll);
        reject(new Error('the step did not show its result within 30 s'));
      }, timeoutMs);
    });
  /** The end of the next frame: a task queued from requestAnimationFrame runs after its paint. */
  const nextPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      }),
    );

  window.__history = {
    /**
     * One step: ms from the event to its result in the document (`dom`) and to the end of the
     * frame that paints it (`paint`), and the long tasks (> 50 ms) that overlapped that span.
     */
    async measure(step, arg) {
      const { act, done } = STEPS[step](arg);
      const t0 = performance.now();
      act();
      const dispatched = performance.now();
      await until(done, 30_000);
      const dom = performance.now();
      await nextPaint();
      const paint = performance.now();
      // Long-task entries arrive a little after their task: wait for them.
      await sleep(250);
      const tasks = longTasks.filter((t) => t.start + t.duration > t0 && t.start < paint);
      return {
        step,
        sync: dispatched - t0,
        dom: dom - t0,
        paint: paint - t0,
        longCount: tasks.length,
        longTotal: tasks.reduce((s, t) => s + t.duration, 0),
        longMax: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
      };
    },
    /** The long tasks from `since` (ms, the page's clock) until now. */
    longTasksSince: (since) => longTasks.filter((t) => t.start + t.duration > since),
  };
}

/** The /api/trades request of the page load, from Resource Timing. */
export function tradesResource() {
  const entry = performance
    .getEntriesByType('resource')
    .filter((e) => new URL(e.name).pathname === '/api/trades')
    .at(-1);
  if (!entry) return null;
  return {
    start: entry.startTime,
    duration: entry.duration,
    wait: entry.responseStart - entry.requestStart,
    transferSize: entry.transferSize,
    encodedBodySize: entry.encodedBodySize,
    decodedBodySize: entry.decodedBodySize,
  };
}
