import { storageKeys } from './session';

/**
 * GET requests a page needs, sent before the page's code has loaded, so their answers arrive
 * while its chunks download instead of after them (the dashboard's data used to wait for the
 * dashboard's code, then for its layout, one round trip after another). A page with a document
 * of its own (apps/web/build/page-chunks.ts) sends them from that document, as it is parsed
 * (`pageBoot`); main.tsx takes those over, or sends them itself on other documents. Each is
 * taken once, by the first `apiRequest` for the same path and token within a few seconds; one
 * that failed or was not taken is simply sent again.
 */

/** An answer older than this is not used: the page asks again. */
const FRESH_MS = 5_000;

interface Early {
  token: string;
  at: number;
  response: Promise<Response | null>;
}

const started = new Map<string, Early>();

/** What each signed-in page asks for first, by path (the dashboard's widgets and sidebar). */
export const EARLY_GETS: Readonly<Record<string, readonly string[]>> = {
  '/bingo': [
    '/users/me',
    '/users/widget-layout',
    '/bingo/card',
    '/risk-management',
    '/trades',
    '/users/exchanges',
    '/users/settings',
  ],
};

/** What `pageBoot` leaves for the app: the requests it sent, with the token and when. */
export interface BootRequests {
  token: string;
  at: number;
  responses: Record<string, Promise<Response | null>>;
}

declare global {
  interface Window {
    /** Left by `pageBoot`; null once the app has taken it (or gone without it). */
    __tbBoot?: BootRequests | null;
  }
}

/**
 * Runs inline in a page's own document, before any module has downloaded: sends the page's
 * early GETs with the stored token (unless it has expired) into `window.__tbBoot`, then
 * formats a number and a date, so the browser's first use of Intl (30 ms and more on a phone)
 * happens while the scripts download rather than in the page's first render. Each in a task
 * of its own, after the parser has asked for the scripts and styles: on HTTP/1.1 (six
 * connections to an origin) they go first. The build writes this function into the document
 * as its source text: it must use nothing but its arguments and the browser's globals.
 */
export function pageBoot(
  paths: readonly string[],
  keys: { token: string; tokenExpires: string },
): void {
  setTimeout(() => {
    // The app has started already (its modules were cached): it sends its own.
    if (window.__tbBoot !== undefined) return;
    try {
      const token = localStorage.getItem(keys.token);
      const expires = localStorage.getItem(keys.tokenExpires);
      if (!token || (expires && !(Date.parse(expires) > Date.now()))) return;
      const responses: Record<string, Promise<Response | null>> = {};
      for (const path of paths) {
        responses[path] = fetch('/api' + path, {
          headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
          credentials: 'same-origin',
        }).catch(() => null);
      }
      window.__tbBoot = { token, at: performance.now(), responses };
    } catch {
      // Storage refused (a private window's settings): the app sends its requests itself.
    }
  });
  setTimeout(() => {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
    new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'short' }).format(0);
  });
}

/** The inline script of a page's document: `pageBoot` with that page's early GETs. */
export function pageBootScript(pathname: string): string {
  const keys = { token: storageKeys.token, tokenExpires: storageKeys.tokenExpires };
  return `(${pageBoot.toString()})(${JSON.stringify(EARLY_GETS[pathname] ?? [])},${JSON.stringify(keys)})`;
}

/**
 * Sends the GETs of `pathname`'s page with `token`, unless they are already on their way: the
 * ones the document sent with the same token (`pageBoot`) are taken over instead.
 */
export function startEarlyRequests(
  pathname: string,
  token: string,
  now: number = performance.now(),
): void {
  const boot = window.__tbBoot;
  window.__tbBoot = null;
  const booted = boot?.token === token ? boot : undefined;
  for (const path of EARLY_GETS[pathname] ?? []) {
    const response =
      booted?.responses[path] ??
      fetch(`/api${path}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      }).catch(() => null);
    started.set(path, { token, at: booted?.responses[path] ? booted.at : now, response });
  }
}

/** The early answer for `path` if it was sent with `token` moments ago; taken only once. */
export function takeEarlyResponse(
  path: string,
  token: string | null | undefined,
  now: number = performance.now(),
): Promise<Response | null> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  if (early.token !== token || now - early.at > FRESH_MS) return undefined;
  return early.response;
}
