import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { chartGroups } from './charts/chartGroups';
import { modelFor } from './models';
import type { SiteEnd } from './models/types';
import { ErrorBanner } from './panels/ErrorBanner';
import { Gallery } from './panels/Gallery';
import { HelpDialog } from './panels/HelpDialog';
import { InsideTheWire } from './panels/InsideTheWire';
import { LiveDescription } from './panels/LiveDescription';
import { ParameterPanel } from './panels/ParameterPanel';
import { Playback } from './panels/Playback';
import { ScenarioEditor } from './panels/ScenarioEditor';
import { ShareDialog } from './panels/ShareDialog';
import { StartHere } from './panels/StartHere';
import { SweepPanel } from './panels/SweepPanel';
import { Tour } from './panels/Tour';
import { guideFor, startLessons } from './scenario/guides';
import { basePreset, changeWords, presetChanges, scenarioTitle } from './scenario/liveText';
import { findPreset, presets } from './scenario/presets';
import type { SweepRequest } from './scenario/link';
import { Charts } from './app/Charts';
import { Header } from './app/Header';
import { LinkProblem } from './app/LinkProblem';
import { useEngine } from './app/useEngine';
import { useExports } from './app/useExports';
import { useGlobe } from './app/useGlobe';
import { useKeyboard } from './app/useKeyboard';
import { openedWith } from './app/openedWith';
import { useUrlSync } from './app/useUrlSync';
import { useViewState } from './app/useViewState';

const GlobeView = lazy(() => import('./globe/GlobeView'));

type Dialog = 'share' | 'help' | 'gallery';

/**
 * Layout and wiring only. The engine (worker), the URL, the globe, the view, the keyboard and the
 * exports each have a hook of their own (web/src/app/); what differs between models comes from
 * their descriptors (web/src/models/).
 */
export function App() {
  const [editing, setEditing] = useState(false);
  const [params, setParams] = useState(false);
  const [sweeping, setSweeping] = useState(false);
  /** A sweep a link asked for (numbered, so that a second link reopens the panel afresh). */
  const [linkedSweep, setLinkedSweep] = useState<{ request: SweepRequest; n: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [tour, setTour] = useState<string | null>(null);
  /** What the page was opened with (read once): a first visit is offered the lessons. */
  const [opened] = useState(() => openedWith(window.location.hash));
  const [startHere, setStartHere] = useState(opened.startHere);
  const view = useViewState();
  // The hooks call each other back through their latest callbacks (`url` is declared below;
  // these closures only run once everything is set up).
  const globe = useGlobe({
    onCameraMoved: (cam) => url.onCameraMoved(cam),
    onCameraReset: () => url.onCameraReset(),
    onSite: (end, site) => setSite(end, site),
  });
  const engine = useEngine({
    onLoaded: (info) => {
      url.onLoaded();
      globe.loaded(info);
    },
    onGeometry: globe.geometry,
    onTopology: globe.handovers,
    onRefused: (error, by) => url.onRefused(error, by),
  });
  const { info, summary, speed } = engine;
  const url = useUrlSync({
    running: engine.running,
    defaults: engine.defaults,
    load: engine.load,
    camera: globe.camera,
    view,
    speed,
    info,
    openSweep: (request) => {
      setLinkedSweep((l) => ({ request, n: (l?.n ?? 0) + 1 }));
      setSweeping(true);
    },
  });
  // Sweeps use every core: the live run pauses while "Sweep & compare" is open (also when a link
  // opened it, once its scenario has loaded).
  const { pause: pauseRun } = engine.controls;
  useEffect(() => {
    if (sweeping && info) pauseRun();
  }, [sweeping, info, pauseRun]);
  /** Closing "Sweep & compare" takes the sweep out of the link. */
  const closeSweep = () => {
    setSweeping(false);
    url.onSweep(null);
    setLinkedSweep(null);
  };
  const closeDialog = useCallback(() => setDialog(null), []);
  const exports = useExports({
    client: engine.client,
    info,
    loadByUser: url.loadByUser,
    setError: engine.setError,
    closeDialog,
    defaults: engine.defaults,
  });
  const model = info ? modelFor(info.model) : null;
  // Before the first scenario arrives, the layout of the model on its way (the link's preset, or
  // the scenario sent to the engine): no globe flashes before a queue, no jump before a
  // constellation. Unknown (a scenario link still being decoded): the globe.
  const coming = engine.requested ?? opened.model;
  const hasGlobe = model ? model.globe : coming ? modelFor(coming).globe : true;
  // The run's UTC clock, for models on the wall clock (a constellation).
  const epochMs = useMemo(() => (info && model?.clock ? model.clock(info) : undefined), [info, model]);

  /** Restarts the run with one ground site changed (same history entry and camera). */
  const setSite = (end: SiteEnd, site: string) => {
    if (info && model?.withSite) engine.load(model.withSite(info.scenarioJson, end, site), true);
  };
  const openPreset = (id: string, withTour?: boolean) => {
    const p = findPreset(id);
    if (!p) return;
    setStartHere(false);
    url.setPresetId(p.id);
    url.loadByUser(p.json);
    if (withTour !== undefined) setTour(withTour ? id : null);
  };
  const restartEngine = () => engine.restart(() => void url.openLink(window.location.hash, false));

  const charts = useMemo(() => (info ? chartGroups(info.series) : []), [info]);
  const shownCharts = charts.filter((c) => !view.hidden.has(c.key)).length;
  useKeyboard({
    ...engine.controls,
    // In presenter mode's one chart at a time, ←/→ and PageUp/PageDown (a clicker) page charts.
    pageChart: view.oneChart && shownCharts > 1 ? (by) => view.pageChart(by, shownCharts) : null,
    playing: engine.playing,
    speed,
    toggleTheme: view.toggleTheme,
    togglePresenter: view.togglePresenter,
    toggleParams: () => setParams((x) => !x),
    openDialog: setDialog,
    // Escape closes what is on top: a dialog, else the tour, else the Parameters panel, else
    // Sweep & compare, else the scenario editor (which also closes itself on an Esc typed inside
    // it; the Start here card waits under it), else the Start here card.
    dismiss: () => {
      if (dialog) setDialog(null);
      else if (tour) setTour(null);
      else if (params) setParams(false);
      else if (sweeping) closeSweep();
      else if (editing) setEditing(false);
      else setStartHere(false);
    },
  });

  const guide = url.presetId ? guideFor(url.presetId) : null;
  const tourGuide = tour ? guideFor(tour) : null;
  // The preset the running scenario was made from (by its name) and what differs from it: the
  // preset's fixed notes and tour are marked as the published preset's once anything changed.
  const base = info ? basePreset(info.name, presets) : null;
  const defaults = engine.defaults.current;
  const changes = useMemo(
    () => (info && base && defaults ? presetChanges(base.json, info.scenarioJson, defaults) : []),
    [info, base, defaults],
  );
  const { play, pause, setSpeed } = engine.controls;
  const tourControls = useMemo(() => ({ play, pause, setSpeed }), [play, pause, setSpeed]);
  const notes = info ? info.description || (base?.description ?? '') : '';
  // The tour was written for its preset as published: say so when the run differs from it.
  const changed = `${changes.map(changeWords).slice(0, 2).join(', ')}${changes.length > 2 ? ' and more' : ''}`;
  const tourChangedNote =
    base?.id !== tour
      ? 'Written for this preset as published; another scenario is running now.'
      : changes.length
        ? `Written for the preset as published; you changed ${changed}, so its numbers may differ.`
        : null;
  const notesFromPreset = !!base && (!info?.description || info.description === base.description);

  return (
    <div className="app">
      <Header
        name={info ? scenarioTitle(info.name, base ? changes : []) : null}
        status={engine.status}
        engineState={engine.state}
        onCancelStart={engine.cancelStart}
        onStartEngine={restartEngine}
        presetId={url.presetId}
        onPreset={(id) => openPreset(id)}
        onTour={guide ? () => setTour(url.presetId) : null}
        params={params}
        onParams={() => setParams((x) => !x)}
        editing={editing}
        onEdit={() => setEditing((e) => !e)}
        sweeping={sweeping}
        onSweep={() => (sweeping ? closeSweep() : setSweeping(true))}
        theme={view.theme}
        onTheme={view.toggleTheme}
        presenter={view.presenter}
        onPresenter={view.togglePresenter}
        onDialog={setDialog}
      />
      {url.linkProblem && <LinkProblem problem={url.linkProblem} onDismiss={() => url.setLinkProblem(null)} />}
      <ErrorBanner
        error={engine.error}
        onDismiss={() => engine.setError(null)}
        onRestart={engine.client.current?.restartable ? restartEngine : undefined}
      />
      {sweeping && info && (
        <SweepPanel
          key={`${info.model}-${linkedSweep?.n ?? 0}`}
          scenarioJson={info.scenarioJson}
          request={linkedSweep?.request}
          onRan={url.onSweep}
          link={url.link}
          onClose={closeSweep}
        />
      )}
      <main className={`app-main${hasGlobe ? '' : ' no-globe'}`} hidden={sweeping}>
        <section className="left">
          {/* Models without geography (a queue, a router) give the globe's room to the text and
              charts; the globe stays mounted, hidden, so switching back is instant. */}
          <div
            data-tour="globe"
            className="globe-wrap"
            hidden={!hasGlobe}
            onPointerDown={globe.markUserMove}
            onWheel={globe.markUserMove}
          >
            <Suspense fallback={<div className="globe globe-loading">loading the globe…</div>}>
              <GlobeView onReady={globe.onReady} />
            </Suspense>
            {hasGlobe && (
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
          <div className="info" data-tour="summary" role="region" aria-label="Description and results" tabIndex={0}>
            {startHere && !editing && (
              <StartHere
                lessons={startLessons()}
                onChoose={(id) => openPreset(id, true)}
                onClose={() => setStartHere(false)}
              />
            )}
            {editing ? (
              info ? (
                <ScenarioEditor
                  initial={info.scenarioJson}
                  onRun={url.loadByUser}
                  onClose={() => setEditing(false)}
                  validate={engine.validate}
                />
              ) : (
                // The editor opens with the scenario, never empty: text typed into an empty editor
                // would have the scenario land next to it.
                <p className="hint">Loading the scenario…</p>
              )
            ) : (
              <>
                {info && (
                  <LiveDescription
                    info={info}
                    summary={summary}
                    notes={notes}
                    fromPreset={notesFromPreset}
                    changes={changes}
                  />
                )}
                {info && model && (
                  <model.Summary
                    info={info}
                    summary={summary}
                    globe={globe.controls}
                    topology={{
                      events: engine.log,
                      linkChanges: engine.linkChanges,
                      onSeek: engine.controls.seek,
                      epochMs,
                    }}
                  />
                )}
              </>
            )}
          </div>
        </section>
        <Charts
          info={info}
          charts={charts}
          buffer={engine.buffer.current}
          version={engine.version}
          hidden={view.hidden}
          closeUps={view.closeUps}
          onSetCloseUp={view.setCloseUp}
          markers={engine.markers.current}
          epochMs={epochMs}
          summary={summary}
          presenter={view.presenter}
          onSeek={engine.controls.seek}
          oneChart={{
            on: view.oneChart,
            page: view.chartPage,
            onToggle: view.toggleOneChart,
            onPage: (by) => view.pageChart(by, shownCharts),
          }}
          wire={
            info && info.traceLimit > 0 ? (
              <InsideTheWire
                name={info.name}
                trace={engine.trace.current}
                recorded={engine.traceRecorded}
                limit={info.traceLimit}
                cursor={engine.cursor}
                nowNs={engine.nowNs}
                finished={engine.finished}
                onNext={engine.controls.nextEvent}
                onPrev={engine.controls.prevEvent}
                onNextLoss={engine.controls.nextLoss}
                follow={engine.follow}
                onFollow={engine.controls.setFollow}
                skipped={engine.skipped}
                onSeek={engine.controls.seek}
                exportTrace={(f) => engine.client.current?.trace(f) ?? Promise.resolve(null)}
                markers={engine.markers.current}
                presenter={view.presenter}
                words={model?.wire}
              />
            ) : undefined
          }
        />
        {params && info && (
          <ParameterPanel
            scenarioJson={info.scenarioJson}
            validate={engine.validate}
            onApply={url.loadByUser}
            onClose={() => setParams(false)}
            charts={charts.map((c) => ({ key: c.key, title: c.title }))}
            hidden={view.hidden}
            onToggleChart={view.toggleChart}
            reportCatalogue={(text) =>
              engine.client.current?.catalogueReport(text) ??
              Promise.resolve({ json: null, error: 'the engine is not running' })
            }
          />
        )}
      </main>
      <footer className="app-footer" data-tour="playback">
        <Playback
          playing={engine.playing}
          finished={engine.finished}
          loaded={!!info}
          speed={speed}
          nowNs={engine.nowNs}
          endNs={info?.endNs ?? 0}
          events={engine.events}
          onPlay={engine.controls.play}
          onPause={engine.controls.pause}
          onStep={engine.controls.step}
          onReset={engine.controls.reset}
          onSpeed={engine.controls.setSpeed}
          onSeek={engine.controls.seek}
        />
      </footer>
      {dialog === 'share' && info && (
        <ShareDialog
          link={url.link}
          linkTooLong={url.linkTooLong}
          scenarioJson={info.scenarioJson}
          busy={exports.busy}
          onCancel={exports.cancelExport}
          onResults={(f) => void exports.exportResults(f)}
          onScenario={exports.exportScenario}
          onImport={(f) => void exports.importScenario(f)}
          onClose={closeDialog}
        />
      )}
      {dialog === 'help' && <HelpDialog onClose={closeDialog} />}
      {dialog === 'gallery' && (
        <Gallery
          current={url.presetId || null}
          onClose={closeDialog}
          onOpen={(id, withTour) => {
            setDialog(null);
            openPreset(id, withTour);
          }}
        />
      )}
      {tour && tourGuide && (
        <Tour
          key={tour}
          title={findPreset(tour)?.name ?? tour}
          steps={tourGuide.tour}
          onEnd={() => setTour(null)}
          run={{ nowS: engine.nowNs / 1e9, finished: engine.finished, events: engine.log, speed, ...tourControls }}
          changedNote={tourChangedNote}
        />
      )}
      {exports.toast && (
        <div className="toast" role="status">
          {exports.toast}
        </div>
      )}
    </div>
  );
}
