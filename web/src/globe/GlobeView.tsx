import { useEffect, useRef } from 'react';
import { GlobeController } from './GlobeController';

/** Mounts the Cesium globe; the controller does everything else. Lazy-loaded (own chunk). */
export default function GlobeView({ simTimeS }: { simTimeS: number }) {
  const el = useRef<HTMLDivElement>(null);
  const ctl = useRef<GlobeController | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const c = new GlobeController(el.current);
    ctl.current = c;
    return () => {
      ctl.current = null;
      c.destroy();
    };
  }, []);

  useEffect(() => {
    ctl.current?.setSimTime(simTimeS);
  }, [simTimeS]);

  return <div className="globe" ref={el} data-testid="globe" />;
}
