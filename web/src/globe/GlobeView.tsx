import { useEffect, useRef } from 'react';
import { GlobeController } from './GlobeController';

/** Mounts the Cesium globe and hands its controller to the app. Lazy-loaded (own chunk). */
export default function GlobeView({ onReady }: { onReady: (c: GlobeController | null) => void }) {
  const el = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!el.current) return;
    const c = new GlobeController(el.current);
    onReady(c);
    return () => {
      onReady(null);
      c.destroy();
    };
  }, [onReady]);

  return <div className="globe" ref={el} data-testid="globe" />;
}
