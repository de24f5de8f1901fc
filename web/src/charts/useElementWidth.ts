import { useEffect, useRef, useState, type RefObject } from 'react';

/** Width [px] of an element, followed with a ResizeObserver (at least `min`). */
export function useElementWidth<T extends HTMLElement>(initial: number, min = 200): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.max(min, Math.floor(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [min]);
  return [ref, width];
}
