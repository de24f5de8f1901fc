import { useEffect, useRef } from 'react';
import { GlobeController } from './GlobeController';

/** Mounts the Cesium globe and hands its controller to the app. Lazy-loaded (own chunk). `view`
 * is which of the camera buttons' views it shows (`data-camera-view`, see useGlobe). */
export default function GlobeView({ onReady, view }: { onReady: (c: GlobeController | null) => void; view?: string }) {
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

  return <div className="globe" ref={el} data-testid="globe" data-camera-view={view} />;
}
