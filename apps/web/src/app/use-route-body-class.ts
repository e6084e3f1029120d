import { useEffect } from 'react';
import { useLocation } from 'react-router';

const routeClasses: Record<string, string> = { '/': 'route-home', '/bingo': 'route-bingo' };

/** SPEC.md section 2: body gets route-home on / and route-bingo on /bingo. */
export function useRouteBodyClass(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const className = routeClasses[pathname];
    if (!className) return;
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [pathname]);
}
