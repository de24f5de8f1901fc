import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Geometry } from '../engine/geometry';
import type { LoadedInfo, TopoEvent } from '../engine/protocol';
import type { GlobeController } from '../globe/GlobeController';
import { modelFor } from '../models';
import type { GlobeControls, SiteEnd } from '../models/types';

/** Shortest time between two globe redraws from streamed geometry [ms]. */
const GLOBE_MS = 100;

/** Globe camera: longitude [deg], latitude [deg], height [m] (as in a link's view). */
export type Camera = [number, number, number];

/**
 * Which view the globe shows, as its camera buttons name them: `home` (the run's own view),
 * `route` (the route framed by *Fit the route*), `follow` (*Follow satellite*), or `moved` (by
 * hand, from a link's camera, or left where following stopped). On the globe as
 * `data-camera-view`; a lab step asks for one of the first three.
 */
export type CameraView = 'home' | 'route' | 'follow' | 'moved';

interface Options {
  /** The user moved the camera (programmatic moves are not reported). */
  onCameraMoved: (camera: Camera) => void;
  /** A site was picked on the globe for one end of the pair. */
  onSite: (end: SiteEnd, site: string) => void;
  /** The camera went back to the run's own view (Home): the link drops its camera. */
  onCameraReset: () => void;
}

/**
 * The globe's side of the app. Cesium and large arrays stay out of React state (re-rendering them would stall the page): the
 * controller, the latest run and geometry, and the camera live in refs; only the constellation panel's
 * controls (site picking, layers) are state. The controller arrives late (lazy chunk), so
 * whatever the engine sent before is kept and shown when it does.
 */
export function useGlobe(options: Options) {
  const controller = useRef<GlobeController | null>(null);
  const latest = useRef<{ info: LoadedInfo | null; geometry: Geometry | null }>({ info: null, geometry: null });
  /** A draw of the latest geometry, due when a skipped frame's interval ends. */
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastDraw = useRef(0);
  /** The camera of the view: from a link, or where the user last moved it; null lets a run frame its own sites. */
  const camera = useRef<Camera | null>(null);
  /** Set on a pointer or wheel over the globe: the next camera move is the user's. */
  const userMoved = useRef(false);
  // The latest options, for callbacks that outlive a render (set once it commits, before any
  // effect or event handler runs; render itself never reads it).
  const on = useRef(options);
  useLayoutEffect(() => {
    on.current = options;
  });
  const [pickTarget, setPickTarget] = useState<SiteEnd | null>(null);
  const [showOrbits, setShowOrbits] = useState(true);
  const [showDownLinks, setShowDownLinks] = useState(true);
  const [showAllLinks, setShowAllLinks] = useState(false);
  const [following, setFollowing] = useState(false);
  const [view, setView] = useState<CameraView>('home');
  /** `following` as of the last render, for the Follow button's toggle. */
  const followingNow = useRef(following);
  useLayoutEffect(() => {
    followingNow.current = following;
  });
  /** A view asked for before it could be shown: the route is framed once the run has one. */
  const pendingRoute = useRef(false);

  /** Shows the latest run (its constellation, when its model draws one), camera and geometry. */
  const show = useCallback((c: GlobeController | null) => {
    const { info, geometry } = latest.current;
    if (!c) return;
    const model = info ? modelFor(info.model) : null;
    const drawn = info && model?.globe ? info.constellation : null;
    const epoch = info ? model?.globeEpoch?.(info.scenarioJson) : undefined;
    c.setConstellation(drawn, drawn ? epoch : undefined);
    if (camera.current) c.setCamera(camera.current);
    if (geometry && drawn) c.updateGeometry(geometry);
  }, []);

  const onReady = useCallback(
    (c: GlobeController | null) => {
      controller.current = c;
      show(c);
      // A view asked for before the globe was there (a lab step's camera).
      if (followingNow.current) c?.setFollow(true);
      if (pendingRoute.current && c?.fitRoute()) {
        pendingRoute.current = false;
        setView('route');
      }
      c?.onCameraMoved((cam) => {
        if (!userMoved.current) return;
        userMoved.current = false;
        pendingRoute.current = false;
        camera.current = cam;
        setView('moved');
        on.current.onCameraMoved(cam);
      });
    },
    [show],
  );

  /** A scenario was loaded: show it (the camera set from a link, if any, applies now). */
  const loaded = useCallback(
    (info: LoadedInfo) => {
      latest.current = { info, geometry: null };
      followingNow.current = false;
      setFollowing(false);
      pendingRoute.current = false;
      controller.current?.setFollow(false);
      setView(camera.current ? 'moved' : 'home');
      show(controller.current);
    },
    [show],
  );

  /** The camera buttons. Home: the run's own view, and the link forgets the camera; Fit the
   * route: frames the route now (a camera like any the user sets, so it goes into the link);
   * Follow: the camera rides above the first site's access satellite until turned off. */
  const home = useCallback(() => {
    userMoved.current = false; // this move is the button's, not a drag still pending
    pendingRoute.current = false;
    followingNow.current = false;
    setFollowing(false);
    controller.current?.setFollow(false);
    controller.current?.homeView();
    camera.current = null;
    setView('home');
    on.current.onCameraReset();
  }, []);
  const fitRoute = useCallback(() => {
    userMoved.current = false;
    pendingRoute.current = false;
    const c = controller.current;
    followingNow.current = false;
    setFollowing(false);
    c?.setFollow(false);
    if (!c?.fitRoute()) return;
    camera.current = c.getCamera();
    setView('route');
    on.current.onCameraMoved(camera.current);
  }, []);
  const toggleFollow = useCallback(() => {
    pendingRoute.current = false;
    const on = !followingNow.current;
    followingNow.current = on;
    controller.current?.setFollow(on);
    setFollowing(on);
    setView(on ? 'follow' : 'moved');
  }, []);

  /**
   * Opens the run on screen at one of the camera buttons' views, as a lab step asks (not the
   * user's move: the link keeps no camera, and the next run frames its own sites). The route is
   * framed as soon as the run has one (at once when its geometry is in).
   */
  const showView = useCallback((v: 'home' | 'route' | 'follow') => {
    userMoved.current = false;
    pendingRoute.current = false;
    const c = controller.current;
    followingNow.current = v === 'follow';
    if (v === 'follow') {
      setFollowing(true);
      c?.setFollow(true);
      setView('follow');
      return;
    }
    setFollowing(false);
    c?.setFollow(false);
    if (v === 'home') {
      c?.homeView();
      setView('home');
    } else if (c?.fitRoute()) setView('route');
    else pendingRoute.current = true;
  }, []);

  /** Draws one geometry, then frames the route if a view waits for it. */
  const draw = useCallback((g: Geometry) => {
    lastDraw.current = performance.now();
    const c = controller.current;
    c?.updateGeometry(g);
    if (pendingRoute.current && c && g.route.length > 0 && c.fitRoute()) {
      pendingRoute.current = false;
      setView('route');
    }
  }, []);

  /** Streamed geometry: drawn at most every GLOBE_MS (software WebGL makes each draw costly),
   * the latest at the next chance, and always the final one. */
  const geometry = useCallback(
    (g: Geometry, final: boolean) => {
      latest.current.geometry = g;
      const now = performance.now();
      if (now - lastDraw.current >= GLOBE_MS || final || (pendingRoute.current && g.route.length > 0)) {
        draw(g);
        return;
      }
      // Skipped: the latest is drawn once the interval is over, even if no frame follows (a
      // paused run after a seek or a step sends one frame and stops).
      if (trailing.current !== null) return;
      trailing.current = setTimeout(
        () => {
          trailing.current = null;
          const last = latest.current.geometry;
          if (last) draw(last);
        },
        GLOBE_MS - (now - lastDraw.current),
      );
    },
    [draw],
  );
  useEffect(() => () => clearTimeout(trailing.current ?? undefined), []);

  const handovers = useCallback((events: TopoEvent[]) => controller.current?.handovers(events), []);

  useEffect(() => {
    const c = controller.current;
    if (!c) return;
    c.onPickSite = pickTarget
      ? (lat, lon) => {
          setPickTarget(null);
          on.current.onSite(pickTarget, `${lat.toFixed(2)},${lon.toFixed(2)}`);
        }
      : null;
  }, [pickTarget]);

  useEffect(() => {
    controller.current?.setLayerOptions({ showOrbits, showDownLinks, showAllLinks });
  }, [showOrbits, showDownLinks, showAllLinks]);

  const controls = useMemo<GlobeControls>(
    () => ({
      pickTarget,
      showOrbits,
      showDownLinks,
      showAllLinks,
      onSite: (end, site) => on.current.onSite(end, site),
      onPickTarget: setPickTarget,
      onShowOrbits: setShowOrbits,
      onShowDownLinks: setShowDownLinks,
      onShowAllLinks: setShowAllLinks,
    }),
    [pickTarget, showOrbits, showDownLinks, showAllLinks],
  );

  /** A pointer or wheel over the globe: the next camera move is the user's. */
  const markUserMove = useCallback(() => {
    userMoved.current = true;
  }, []);

  /** The view's camera, for the link: read when writing it, set when one opens (null lets the
   * next run frame its own sites). */
  const cameraOfView = useMemo(
    () => ({
      get: () => camera.current,
      set: (cam: Camera | null) => {
        camera.current = cam;
      },
    }),
    [],
  );

  return {
    camera: cameraOfView,
    markUserMove,
    onReady,
    loaded,
    geometry,
    handovers,
    controls,
    home,
    fitRoute,
    following,
    toggleFollow,
    view,
    showView,
  };
}

export type Globe = ReturnType<typeof useGlobe>;
