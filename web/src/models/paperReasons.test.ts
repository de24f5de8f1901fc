/**
 * Every paper number the app shows beside SkyQueue's carries its reason: the status
 * docs/REPRODUCTION.md gives the finding (reproduced, calibrated, in kind, not reproduced) or the
 * erratum that explains the gap, in the same piece of text.
 *
 * The pieces of text read: each preset's description (examples/*.json), each field and tour step
 * of each preset's classroom guide, each sentence of each preset's live text (run for a second
 * in the engine) and the text of each model's summary panel for that run.
 *
 * A piece quotes a paper's number when one of its sentences cites a paper (paper NNN, Table II,
 * Fig. 5, "the paper") and still holds a digit once the citation's own numbers (table, figure,
 * section, equation numbers, seeds) are taken out. Sentences that cite the paper only for a
 * setting the run copies (its link rate, its buffer rule) are listed in SETTINGS with what they
 * set; a new sentence quoting a paper's result must say its status instead.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ConstellationInfo } from '../engine/protocol';
import type { Summary } from '../engine/summary-types';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import { liveText } from '../scenario/liveText';
import { presets } from '../scenario/presets';
import { MODEL_REGISTRY, modelFor } from '.';
import type { GlobeControls } from './types';

/** A sentence that cites a paper. */
const CITES = /\bpapers?\b|\bTables? [IVX\d]+\b|\bFigs?\. ?\d/i;
/** The citation's own numbers, taken out before looking for a quoted number. */
const CITATION_NUMBERS = [
  /\bpapers? \d{3}('s)?/gi,
  /\bTables? [IVX\d]+((, | and |-|\/)[IVX\d]+)*/g,
  /\bFigs?\. ?\d+(\([a-z]\))?((, | and |-)\d+(\([a-z]\))?)*/g,
  /§ ?[\d.]*\d(-[\d.]*\d)?/g,
  /\beqs?\. \d+((, | and |-)\d+)*/g,
  /\bseeds? \d+(-\d+)?/g,
  /\bB\d\b/g,
];
/** A reason: the status of the finding in docs/REPRODUCTION.md, or the erratum behind the gap. */
const REASON = /\b(reproduced|calibrated|in kind|not scored|errat(um|a))\b/i;

/**
 * Sentences that cite a paper for a setting the run copies or a formula it evaluates, not for a
 * result SkyQueue is compared with.
 */
const SETTINGS: { what: string; re: RegExp }[] = [
  { what: "paper 004's link rates and queue", re: /^Links at paper 004's (low|high) throughput/ },
  { what: "paper 000's buffer rule, evaluated for this run", re: /^Buffers: paper 000's rule/ },
  {
    what: "paper 003's equation for TFRC's first rate, evaluated",
    re: /^TFRC's rate after the first report \(paper 003/,
  },
  { what: "paper 002's physical-layer scenario", re: /over paper 002's .* scenario \(§4\.1\) at Es\/N0/ },
  {
    what: 'the ship-London run replays paper 004 Figs. 7-8 at its moment',
    re: /an instant before the seam comes between them \(paper 004 Figs\. 7-8\)/,
  },
  { what: "paper 004's link rates", re: /at paper 004's low throughput \(1\.5 Mb\/s up and down/ },
  { what: 'the paper 004 §5 run: its start time and link rate', re: /without end from 12:21 UTC, as in paper 004 §5/ },
  { what: "paper 004's simulator's handoff timers, copied", re: /^Handovers as paper 004's ns-2 makes them/ },
  {
    what: "paper 001's class rates are measured over 1 s, as in the paper",
    re: /^Class output rates measured over 1 s, as in the paper/,
  },
  { what: "paper 000's constellation", re: /^Paper 000's constellation \(66 satellites at 800 km\)/ },
  { what: "queues 15 times paper 000's rule (SkyQueue's choice)", re: /15 times the paper's buffer rule/ },
  {
    what: "paper 002's Fig. 5 and Fig. 6 codes and channels",
    re: /^(Blocks of 38 data and 13 repair LLDUs|Fig\. 5's codes|Fig\. 6's code|Paper 002 checked its closed forms against)/,
  },
  {
    what: "paper 002's link and channel",
    re: /^A 2\.34 Mb\/s link with a 500 ms round trip, as paper 002's GEO distribution/,
  },
  {
    what: "paper 002's scenarios (§5, Table 3) and CUBIC's β",
    re: /^(Paper 002 §5: one FTP upload|CUBIC multiplies its window by 0\.8 on a loss|Paper 002 Table 3: a 100 kB download|Table 3's download)/,
  },
  { what: "paper 003 Table VI's first row, the run's setting", re: /^Table VI's first row: 12 G\.711 calls/ },
  { what: 'the sweep that draws the figure', re: /^(Open Sweep & compare|'Sweep & compare'|Sweep Es\/N0)/ },
  { what: 'what the table shows', re: /^The TCP table: goodput/ },
  { what: "the ship's position, not given by paper 004", re: /^The paper does not give the ship's position/ },
  { what: 'the contrast case for paper 004', re: /^Paper 004 traces Iridium's largest delay jumps to the seam/ },
  { what: "paper 002's stated erasure range against its own eq. 3", re: /^The paper's stated erasure range/ },
  { what: 'the steps of a tour', re: /^ISL hops of the route each ACK took/ },
];

/** The SETTINGS entries some text matched (each must: a stale one is removed). */
const settingsSeen = new Set<string>();

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z"'(])/);
}

/** The sentences of `text` that quote a paper's number. */
function quotesPaper(text: string): string[] {
  return sentences(text).filter((s) => {
    if (!CITES.test(s)) return false;
    const setting = SETTINGS.find(({ re }) => re.test(s));
    if (setting) {
      settingsSeen.add(setting.what);
      return false;
    }
    let t = s;
    for (const re of CITATION_NUMBERS) t = t.replace(re, '');
    return /\d/.test(t);
  });
}

/** `text`'s paper numbers without a reason beside them (empty when each has one). */
function unexplained(text: string): string[] {
  const quoted = quotesPaper(text);
  return REASON.test(text) ? [] : quoted;
}

const noGlobe: GlobeControls = {
  pickTarget: null,
  showOrbits: false,
  showDownLinks: false,
  showAllLinks: false,
  onSite: () => undefined,
  onPickTarget: () => undefined,
  onShowOrbits: () => undefined,
  onShowDownLinks: () => undefined,
  onShowAllLinks: () => undefined,
};

/** A preset's live text and summary panel after `seconds` of its run. */
function runText(json: string, seconds = 1): { live: string[]; panel: string[] } {
  loadWasmForNode();
  const sim = new Simulation(json);
  try {
    sim.advanceTo(seconds * 1e9);
    const summary = sim.summary() as Summary;
    const scenarioJson = sim.scenarioJson();
    const constellation = (sim.constellationInfo() ?? null) as ConstellationInfo | null;
    const text = liveText({ scenarioJson, constellation, summary });
    const model = modelFor((JSON.parse(scenarioJson) as { model?: string }).model);
    const info = {
      name: '',
      description: '',
      endNs: 0,
      series: [],
      scenarioJson,
      model: model.id,
      constellation,
      traceLimit: 0,
    };
    const html = renderToStaticMarkup(
      createElement(model.Summary, { info, summary, globe: noGlobe, topology: { events: [], linkChanges: 0 } }),
    );
    // Each row, caption and paragraph of the panel is one piece of text.
    const panel = html
      .replace(/<\/(tr|p|li|caption|div|h\d)>/g, '\n')
      .replace(/<[^>]+>/g, ' ')
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l !== '');
    return { live: [...text.setup, ...text.theory], panel };
  } finally {
    sim.free();
  }
}

describe('the detector', () => {
  it('finds a paper number quoted without a reason, and accepts one with it', () => {
    expect(unexplained('Paper 003 Table II (G.711): 2.01 % lost with CCID4.')).toHaveLength(1);
    expect(unexplained('Paper 003 Table II (G.711): 2.01 % lost with CCID4 (reproduced).')).toEqual([]);
    expect(unexplained('Paper 000 Table II: PF decodes 44.89 %; this run 59.73 %.')).toHaveLength(1);
    // Citations alone quote no number.
    expect(unexplained('Packets lost, by cause (paper 003 Tables II and IV).')).toEqual([]);
    expect(unexplained('Sweep the flows to draw Figs. 9-13 (paper 000 §V).')).toEqual([]);
  });
});

describe('every paper number shown beside a SkyQueue number carries its reason', () => {
  it('in every preset description', () => {
    const bad = presets.flatMap((p) => {
      const d = JSON.parse(p.json) as { description?: string };
      return unexplained(d.description ?? '').map((s) => `${p.id}: ${s}`);
    });
    expect(bad).toEqual([]);
  });

  it('in every classroom guide', () => {
    const bad = MODEL_REGISTRY.flatMap((m) =>
      Object.entries(m.course.guides).flatMap(([id, g]) =>
        [g.watch, g.found, g.next, ...g.tour.map((t) => t.text)].flatMap((field) =>
          unexplained(field).map((s) => `${id}: ${s}`),
        ),
      ),
    );
    expect(bad).toEqual([]);
  });

  for (const p of presets)
    it(`in the live text and summary panel of ${p.id}`, () => {
      const { live, panel } = runText(p.json);
      // A panel's rows name the table or figure they measure ("Jain's index (Table VI)"): there a
      // paper's own number is the one the row prints beside the word "paper".
      const bad = [
        ...live.flatMap((t) => unexplained(t)),
        ...panel.filter((r) => /\bpaper\b/i.test(r)).flatMap((r) => unexplained(r)),
      ];
      expect(bad).toEqual([]);
    });

  it('lists no setting that no text cites any more', () => {
    expect(SETTINGS.map((x) => x.what).filter((w) => !settingsSeen.has(w))).toEqual([]);
  });
});
