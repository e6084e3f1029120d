/**
 * GET requests a page needs, sent by main.tsx before the page's code has loaded, so their
 * answers arrive while its chunks download instead of after them (the dashboard's data used to
 * wait for the dashboard's code, then for its layout, one round trip after another). Each is
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
    '/users/widget-layout',
    '/bingo/card',
    '/risk-management',
    '/trades',
    '/users/exchanges',
  ],
};

/** Sends the GETs of `pathname`'s page with `token`, unless they are already on their way. */
export function startEarlyRequests(
  pathname: string,
  token: string,
  now: number = performance.now(),
): void {
  for (const path of EARLY_GETS[pathname] ?? []) {
    const response = fetch(`/api${path}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).catch(() => null);
    started.set(path, { token, at: now, response });
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
