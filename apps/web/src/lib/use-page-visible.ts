import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const isVisible = () => document.visibilityState !== 'hidden';

/** Whether this tab is in view (not hidden behind another tab or minimised). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible, isVisible);
}
