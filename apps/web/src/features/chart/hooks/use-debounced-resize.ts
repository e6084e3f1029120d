import { TIMERS_MS } from '@tb/core';
import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Calls `onResize` once a burst of resizes has been quiet for 250 ms (DESIGN.md: one debounce
 * everywhere). It listens to the window and, when given, to the element itself, which grows and
 * shrinks with its grid cell without any window resize.
 */
export function useDebouncedResize(
  onResize: () => void,
  elementRef?: RefObject<HTMLElement | null>,
  delayMs: number = TIMERS_MS.resizeDebounce,
): void {
  const fire = useEffectEvent(onResize);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(fire, delayMs);
    };
    window.addEventListener('resize', schedule);
    const element = elementRef?.current;
    const observer = element ? new ResizeObserver(schedule) : null;
    if (element) observer?.observe(element);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
    };
  }, [delayMs, elementRef]);
}
