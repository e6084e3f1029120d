import { TIMERS_MS } from '@tb/core';
import { useEffect, useState } from 'react';

const read = () => ({ width: window.innerWidth, height: window.innerHeight });

/** The window size, updated 250 ms after the last resize (DESIGN.md: resize debounce). */
export function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(read()), TIMERS_MS.resizeDebounce);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}
