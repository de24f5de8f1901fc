import { useMemo, useState } from 'react';
import { chartGroups } from './charts/chartGroups';
import { modelFor } from './models';
import type { SiteEnd } from './models/types';
import { ErrorBanner } from './panels/ErrorBanner';
import { ParameterPanel } from './panels/ParameterPanel';
import { Playback } from './panels/Playback';
import { SweepPanel } from './panels/SweepPanel';
import { guideFor } from './scenario/guides';
import { findPreset } from './scenario/presets';
import { Charts } from './app/Charts';
import { Dialogs } from './app/Dialogs';
import { GlobePanel } from './app/GlobePanel';
import { GuidedTour } from './app/GuidedTour';
import { Header } from './app/Header';
import { LinkProblem } from './app/LinkProblem';
import { RunInfo } from './app/RunInfo';
import { useEngine } from './app/useEngine';
import { useExports } from './app/useExports';
import { useGlobe } from './app/useGlobe';
import { useKeyboard } from './app/useKeyboard';
import { openedWith } from './app/openedWith';
import { usePanels } from './app/usePanels';
import { usePresetDiff } from './app/usePresetDiff';
import { useUrlSync } from './app/useUrlSync';
import { useViewState } from './app/useViewState';
import { Wire } from './app/Wire';
import { LabPanel } from './labs/LabPanel';
import { useLabs } from './app/useLabs';

/**
 * Layout and wiring only. The engine (worker), the URL, the globe, the view, the panels open over
 * the run, the keyboard and the exports each have a hook of their own (web/src/app/), the larger
 * parts of the page a component there; what differs between models comes from their descriptors
 * (web/src/models/).
 */
export function App() {
  /** What the page was opened with (read once): a first visit is offered the lessons. */
  const [opened] = useState(() => openedWith(window.location.hash));
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
  const panels = usePanels({
    startHere: opened.startHere,
    info,
    pauseRun: engine.controls.pause,
    onSweepClosed: () => url.onSweep(null),
  });
  const url = useUrlSync({
    running: engine.running,
    defaults: engine.defaults,
    load: engine.load,
    camera: globe.camera,
    view,
    speed,
    info,
    openSweep: panels.openSweep,
    openLab: (link) => labs.fromLink(link),
  });
  const exports = useExports({
    client: engine.client,
    info,
    loadByUser: url.loadByUser,
    setError: engine.setError,
    closeDialog: panels.closeDialog,
    defaults: engine.defaults,
  });
  const model = info ? modelFor(info.model) : null;
  const diff = usePresetDiff(info, engine.defaults.current);
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
    panels.setStartHere(false);
    url.setPresetId(p.id);
    url.loadByUser(p.json, !withTour);
    if (withTour !== undefined) panels.setTour(withTour ? id : null);
  };
  const restartEngine = () => engine.restart(() => void url.openLink(window.location.hash, false));

  const charts = useMemo(() => (info ? chartGroups(info.series) : []), [info]);
  const labs = useLabs({
    charts,
    setHidden: view.setHidden,
    loadForLab: (text, speed) => url.loadForLab(text, speed),
    onLab: (l) => url.onLab(l),
    play: engine.controls.play,
    setCamera: globe.showView,
    diff,
    summary,
    name: info?.name ?? '',
    speed,
    hidden: view.hidden,
    camera: hasGlobe ? globe.view : null,
    hideStartHere: () => panels.setStartHere(false),
  });
  const lab = labs.lab;
  const shownCharts = charts.filter((c) => !view.hidden.has(c.key)).length;
  useKeyboard({
    ...engine.controls,
    // L does what *Next loss* does, and nothing where it is off (the run has none left).
    nextLoss: () => {
      if (!engine.finished && engine.noLossAfter === null) engine.controls.nextLoss();
    },
    // In presenter mode's one chart at a time, ←/→ and PageUp/PageDown (a clicker) page charts.
    pageChart: view.oneChart && shownCharts > 1 ? (by) => view.pageChart(by, shownCharts) : null,
    playing: engine.playing,
    speed,
    toggleTheme: view.toggleTheme,
    togglePresenter: view.togglePresenter,
    toggleParams: panels.toggleParams,
    openDialog: panels.setDialog,
    dismiss: panels.dismiss,
  });

  return (
    <div className="app">
      <Header
        name={diff.title}
        status={engine.status}
        engineState={engine.state}
        onCancelStart={engine.cancelStart}
        onStartEngine={restartEngine}
        presetId={url.presetId}
        onPreset={(id) => openPreset(id)}
        onTour={url.presetId && guideFor(url.presetId) ? () => panels.setTour(url.presetId) : null}
        params={panels.params}
        onParams={panels.toggleParams}
        editing={panels.editing}
        onEdit={panels.toggleEditing}
        sweeping={panels.sweeping}
        onSweep={panels.toggleSweep}
        theme={view.theme}
        onTheme={view.toggleTheme}
        presenter={view.presenter}
        onPresenter={view.togglePresenter}
        onDialog={panels.setDialog}
      />
      {url.linkProblem && <LinkProblem problem={url.linkProblem} onDismiss={() => url.setLinkProblem(null)} />}
      <ErrorBanner
        error={engine.error}
        onDismiss={() => engine.setError(null)}
        onRestart={engine.client.current?.restartable ? restartEngine : undefined}
      />
      {panels.sweeping && info && (
        <SweepPanel
          key={`${info.model}-${panels.linkedSweep?.n ?? 0}`}
          scenarioJson={info.scenarioJson}
          request={panels.linkedSweep?.request}
          onRan={url.onSweep}
          link={url.link}
          onClose={panels.closeSweep}
        />
      )}
      <main className={`app-main${hasGlobe ? '' : ' no-globe'}`} hidden={panels.sweeping}>
        <section className={`left${lab.open ? ' with-lab' : ''}`}>
          {lab.open && (
            <LabPanel
              lab={lab}
              links={labs.links}
              onOpenWritten={labs.openWritten}
              stepFromRun={labs.stepFromRun}
              runNumbers={labs.runNumbers}
            />
          )}
          <GlobePanel globe={globe} shown={hasGlobe} />
          <RunInfo
            engine={engine}
            model={model}
            globe={globe.controls}
            epochMs={epochMs}
            diff={diff}
            startHere={panels.startHere}
            onLesson={(id) => openPreset(id, true)}
            onHideStartHere={() => panels.setStartHere(false)}
            editing={panels.editing}
            onRun={url.loadByUser}
            onCloseEditor={() => panels.setEditing(false)}
            onRestartWith={(text) => engine.load(text, true)}
          />
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
          wire={<Wire engine={engine} model={model} presenter={view.presenter} />}
          marks={lab.marks}
        />
        {panels.params && info && (
          <ParameterPanel
            scenarioJson={info.scenarioJson}
            validate={engine.validate}
            onApply={url.loadByUser}
            onClose={() => panels.setParams(false)}
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
      <Dialogs
        dialog={panels.dialog}
        onClose={panels.closeDialog}
        scenarioJson={info?.scenarioJson ?? null}
        link={url.link}
        linkTooLong={url.linkTooLong}
        presetId={url.presetId}
        exports={exports}
        onOpenPreset={openPreset}
        onOpenLab={labs.openShipped}
        onNewLab={labs.newFromRun}
      />
      {panels.tour && (
        <GuidedTour
          key={panels.tour}
          tour={panels.tour}
          baseId={diff.base?.id}
          changes={diff.changes}
          engine={engine}
          onEnd={() => panels.setTour(null)}
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
