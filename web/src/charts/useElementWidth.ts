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

/** Width and height [px] of an element's content box, followed with a ResizeObserver. */
export function useElementSize<T extends HTMLElement>(
  initialWidth: number,
  initialHeight: number,
): [RefObject<T | null>, number, number] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<[number, number]>([initialWidth, initialHeight]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) =>
      setSize([Math.floor(e.contentRect.width), Math.floor(e.contentRect.height)]),
    );
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, size[0], size[1]];
}
