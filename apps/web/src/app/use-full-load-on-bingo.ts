import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Navigates the whole document; a seam for tests (jsdom cannot load pages). */
export const documentNavigation = {
  load: (url: string) => window.location.assign(url),
};

/**
 * SPEC.md section 2: arriving at /bingo from another route forces one full page load, so the
 * dashboard always starts from a fresh document (grid measurements, widget scripts). Only
 * client-side arrivals count: the first render of a document is already a full load.
 */
export function useFullLoadOnBingo(): void {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from !== null && from !== '/bingo' && pathname === '/bingo') {
      documentNavigation.load(`/bingo${search}`);
    }
  }, [pathname, search]);
}
