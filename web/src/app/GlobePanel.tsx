import { lazy, Suspense } from 'react';
import type { Globe } from './useGlobe';

const GlobeView = lazy(() => import('../globe/GlobeView'));

/**
 * The globe and its camera buttons. Models without geography (a queue, a router) give the
 * globe's room to the text and charts; the globe stays mounted, hidden, so switching back is
 * instant.
 */
export function GlobePanel({ globe, shown }: { globe: Globe; shown: boolean }) {
  return (
    <div
      data-tour="globe"
      className="globe-wrap"
      hidden={!shown}
      onPointerDown={globe.markUserMove}
      onWheel={globe.markUserMove}
    >
      <Suspense fallback={<div className="globe globe-loading">loading the globe…</div>}>
        <GlobeView onReady={globe.onReady} view={globe.view} />
      </Suspense>
      {shown && (
        // Not a camera move by hand: the buttons' own moves are reported by them.
        <div
          className="globe-tools"
          role="toolbar"
          aria-label="Globe camera"
          onPointerDown={(e) => e.stopPropagation()}
          onWheel={(e) => e.stopPropagation()}
        >
          <button onClick={globe.home} title="Back to the run's view: the whole Earth, the pair in the middle">
            Home
          </button>
          <button onClick={globe.fitRoute} title="Frame the route between the two sites as it is now">
            Fit the route
          </button>
          <button
            aria-pressed={globe.following}
            onClick={globe.toggleFollow}
            title="Keep the camera above the first site's access satellite"
          >
            Follow satellite
          </button>
        </div>
      )}
    </div>
  );
}
