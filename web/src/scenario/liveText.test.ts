import { beforeAll, describe, expect, it } from 'vitest';
import { allDefaultsJson, loadWasmForNode, Simulation } from '../engine/wasmNode';
import type { Summary } from '../engine/summary-types';
import type { ConstellationInfo } from '../engine/protocol';
import { basePreset, liveText, notesCaveat, presetChanges, prose, withoutPresetNotes, type LiveText } from './liveText';
import { presets } from './presets';
import { setPath, type ScenarioObject } from './schema';

beforeAll(() => loadWasmForNode());

/** Runs `json` in the engine for `seconds` and writes its text from what the engine says. */
function textOf(json: string, seconds = 1): { text: LiveText; all: string; summary: Summary; scenarioJson: string } {
  const sim = new Simulation(json);
  try {
    sim.advanceTo(seconds * 1e9);
    const summary = sim.summary() as Summary;
    const scenarioJson = sim.scenarioJson();
    const constellation = (sim.constellationInfo() ?? null) as ConstellationInfo | null;
    const text = liveText({ scenarioJson, constellation, summary });
    return { text, all: [...text.setup, ...text.theory].join(' '), summary, scenarioJson };
  } finally {
    sim.free();
  }
}

const change = (json: string, edits: Record<string, ScenarioObject[string]>): string => {
  let s = JSON.parse(json) as ScenarioObject;
  for (const [path, v] of Object.entries(edits)) s = setPath(s, path, v);
  return JSON.stringify(s);
};

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const t = s.queue?.theory;
  if (t) out.push(`mean wait ${prose(t.wait_mean_s! * 1e3)} ms`, `mean delay (wait + service) ${prose(t.sojourn_mean_s! * 1e3)} ms`, `${t.model} theory`);
  const d = s.diffserv;
  if (d) {
    const mb = (x: number | null) => `${prose(Number(x!.toFixed(2)))} Mb/s`;
    if (d.pss) out.push(`AF ${mb(d.theory_mbps[2])}`, `CS0 ${mb(d.theory_mbps[3])}`, `BW C_avg = ${mb(d.af_target_mbps)}`);
    else out.push(`= ${mb(d.theory_mbps[0])}`, `CS0 ${mb(d.theory_mbps[1])}`);
  }
  const tr = s.transfer;
  if (tr?.started && tr.start_rtt_ms !== null) out.push(`${prose(Math.round(tr.start_rtt_ms))} ms`, `${prose(tr.buffer_packets)} packet`);
  const th = s.link?.theory;
  if (th) out.push(`efficiency ${prose(th.efficiency!)}`, `LLDU recovery delay ${prose(th.delay_ms!)} ms`);
  const dc = s.dccp;
  if (dc) out.push(`${prose(dc.app_kbps!)} kb/s on the wire`);
  const v = s.voip;
  if (v) out.push(`B = ${prose(v.buffer_pkts[1])} packet`, `B/n = ${prose(v.buffer_pkts[0])} packet`, `${prose(v.flows)} VoIP call`);
  return out;
}

/**
 * One parameter change per preset, what the text must then say and what it must no longer say.
 * Every preset has an entry (checked below).
 */
const CASES: Record<string, { edits: Record<string, ScenarioObject[string]>; says: (string | RegExp)[]; not: string[]; seconds?: number }> = {
  'mm1-load-0.8': {
    edits: { 'traffic.rate_pps': 900 },
    says: ['Poisson arrivals at 900 packets/s', 'ρ = λ/μ = 900/1,000 = 0.90', 'M/M/1 theory: mean wait 9 ms', 'mean delay (wait + service) 10 ms'],
    not: ['800', '4 ms'],
  },
  'md1-load-0.8': {
    edits: { 'queue.service_rate_pps': 1250 },
    says: ['one server at 1,250 packets/s', 'a constant 0.8 ms per packet', 'ρ = λ/μ = 800/1,250 = 0.64', 'M/D/1 theory: mean wait 0.711 ms'],
    not: ['1 ms per packet', '2 ms'],
  },
  'mm1k-overload': {
    edits: { 'queue.capacity_pkts': 100 },
    says: ['room for 100 waiting packets', 'M/M/1/101 theory', /mean wait 9\d(\.\d)? ms/, '16.7 % of arrivals dropped'],
    not: ['room for 20', 'M/M/1/21'],
  },
  'voip-onoff-droptail-ns3': {
    edits: { 'traffic.flows': 150 },
    says: ['150 on/off flows, each sending 64 kb/s in 210-byte packets (one every 26.25 ms)', 'Together about 5,195 packets/s on average into a 9.4 Mb/s link (5,595 packets/s of 210 bytes, a constant 0.179 ms per packet)', 'load ρ = λ/μ = 5,195/5,595 = 0.93'],
    not: ['200 on/off', '6,926'],
  },
  'iridium-ship-london': {
    edits: { 'constellation.from': 'New Delhi' },
    says: ['The route from New Delhi to London over 66 satellites in 6 planes at 780 km', 'while the seam separates New Delhi from London'],
    not: ['Atlantic ship', 'ship'],
  },
  'iridium-la-hawaii': {
    edits: { 'constellation.from': '-33.9,18.4' },
    says: [/The route from \S.*33\.9.* to Hawaii gateway/],
    not: ['Los Angeles'],
  },
  'walker-delta-53': {
    edits: { 'constellation.to': 'Tokyo', 'duration_s': 7200 },
    says: ['The route from Toulouse to Tokyo over 240 satellites in 12 planes at 550 km, inclined 53°', 'for 2 h of simulated time', 'no seam'],
    not: ['New York', '6 h'],
  },
  'tcp-iridium-9kb-seam': {
    edits: { 'transfer.bytes': 50000 },
    says: ['A 50 kB file from Atlantic ship to London', '05:25:20 UTC'],
    not: ['9 kB file'],
    seconds: 3,
  },
  'tcp-iridium-15mb-seam-leaves': {
    edits: { 'transfer.throughput': 'high' },
    says: ["paper 004's high throughput: 120 Mb/s up and down, 2,000 Mb/s between satellites", 'A 15 MB file from Hawaii gateway to Los Angeles'],
    not: ['1.5 Mb/s'],
    seconds: 20,
  },
  'tcp-iridium-ship-london-bulk': {
    edits: { 'transfer.to': 'Toulouse', 'transfer.min_rto_ms': 1000, 'transfer.rto_restart': 'new-data' },
    says: ['Unlimited bulk from Atlantic ship to Toulouse', 'at least 1,000 ms, restarted only by an ACK of new data (RFC 6298)'],
    not: ['London', '200 ms', 'every ACK'],
    seconds: 61,
  },
  'voip-leo-codes': {
    edits: { 'voip.flows': 100, 'voip.policy': 'pf' },
    says: ['100 VoIP calls (G.711', 'from a server at Hawaii gateway', 'over New Delhi', 'Scheduling: PF (Proportional Fair).', 'Table II (75 users): PF decodes 44.89 %', 'this run has 100 calls, not 75'],
    not: ['75 VoIP', 'CoDeS'],
  },
  'voip-leo-codes-long-queues': {
    edits: { 'voip.users_site': 'Toulouse', 'voip.policy': 'dt-s' },
    says: ['over Toulouse', 'Scheduling: DropTail, small buffer (DT_S)', 'DT_S keeps one shared queue', 'DT_S decodes 50.11 %'],
    not: ['New Delhi', 'CoDeS'],
  },
  'pss-b1-known-ef': {
    edits: { 'diffserv.ef_bps': 5000000 },
    says: ['one EF flow at 5 Mb/s', 'PSS is set for EF at 10 Mb/s', 'eq. 7 gives AF 5 Mb/s', 'eq. 8 gives CS0 10 Mb/s'],
    not: ['EF flow at 10 Mb/s'],
  },
  'pss-b2-unknown-ef': {
    edits: { 'diffserv.sharing': 'dwrr' },
    says: ['share what it leaves by DWRR', 'eq. 1 gives AF K_AF (C − R_EF) = 7.5 Mb/s', 'eq. 6 gives CS0 7.5 Mb/s'],
    not: ['PSS', 'eq. 7'],
  },
  'pss-b3-variable-memory': {
    edits: { 'diffserv.capacity_profile.amplitude': 0.2 },
    says: ['swings between 16 Mb/s and 24 Mb/s', 'C(t) = 20 (1 + 0.2 cos(2π t / 15))', 'BW C_avg = 4.21 Mb/s', 'credit memory'],
    not: ['14 Mb/s', '0.3 cos'],
    seconds: 20,
  },
  'pss-b3-variable-vanilla': {
    edits: { 'diffserv.ef_bps': 10000000, 'diffserv.ef_expected_bps': 10000000 },
    says: ['between 4 Mb/s and 16 Mb/s', 'PSS is set for EF at 10 Mb/s', 'Without the credit memory'],
    not: ['between 6 Mb/s and 24 Mb/s', 'EF at 15 Mb/s'],
    seconds: 20,
  },
};

CASES['link-harq-lab'] = {
  edits: { 'link.scheme': 'arq', 'link.beta': 0.98 },
  says: ['Selective-repeat ARQ', 'until it arrives', 'β = 0.98', 'bursts of 50 LLDUs', '33.3 % of the LLDUs erased', 'no data lost', '47 LLDUs of 33 bytes'],
  not: ['HARQ-II', 'β = 0.9 '],
};
CASES['link-fec-harq-fig5'] = {
  edits: { 'link.interleave': 8, 'link.fec_nr': 3 },
  says: ['FEC 10/13', '3 repair LLDUs', '8 blocks interleaved column by column', 'as printed, gives'],
  not: ['FEC 10/12', '2 repair'],
};
CASES['link-fec-arq-harq-fig6'] = {
  edits: { 'link.harq_rounds': 1, 'link.harq_ns': 4, 'link.delivery': 'out-of-order' },
  says: ['HARQ-II 38/51', 'asks for d + 4', 'at most 1 round.', 'as soon as its own LLDUs are there'],
  not: ['at most 2 rounds', 'in order'],
};

CASES['link-tcp-distribution'] = {
  edits: { 'link.tcp_cc': 'hybla', 'link.es_n0_db': 12, 'link.phy_model': 'faded' },
  says: ['One Hybla sender', 'Es/N0 12 dB', 'sends without end', 'Fig. 8', 'decoded from the Rayleigh fade its codeword saw across the 36 ms interleaver'],
  not: ['CUBIC sender', 'at Es/N0 14 dB', 'erasures in bursts of'],
};
CASES['link-tcp-internet-100kb'] = {
  edits: { 'link.tcp_bytes': 50000, 'link.erase_bad': 0.2 },
  says: ['a file of 50,000 bytes', 'a faded span erasing 20 % of its LLDUs', 'Interleaved Internet'],
  not: ['100,000 bytes'],
};

CASES['dccp-g711'] = {
  edits: { 'dccp.transport': 'ccid4-n', 'dccp.rtt_ms': 500 },
  says: ['carried by DCCP CCID4-N', 'a 500 ms round trip', 'eq. 6, 4380 / R · s / (s + oh)', 'Table II (G.711)'],
  not: ['1,000 ms round trip', 'eq. 1'],
};
CASES['dccp-speex-dtx'] = {
  edits: { 'dccp.transport': 'udp', 'dccp.codec': 'g729' },
  says: ['One G.729 call', 'silent between talk spurts', 'carried by UDP', 'nothing is lost before the network', 'Table II (G.729)'],
  not: ['Speex', 'TFRC sends'],
};
CASES['dccp-g711-12calls-tcp'] = {
  edits: { 'dccp.calls': 6, 'dccp.tcp_cc': 'cubic' },
  says: ['6 G.711 calls trunked into one flow', 'shared with 1 CUBIC download', "Jain's index 0.9997"],
  not: ['12 G.711 calls trunked', 'NewReno'],
};

describe('text generated from the parameters, for every preset', () => {
  it('every preset has a case', () => {
    expect(presets.map((p) => p.id).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const p of presets) {
    describe(p.id, () => {
      const c = CASES[p.id];
      it('as published: names its own values and prints the engine’s theory numbers', () => {
        const { all, summary } = textOf(p.json, c?.seconds);
        expect(all.length).toBeGreaterThan(60);
        for (const n of engineNumbers(summary)) expect(all).toContain(n);
      });
      it('after a parameter change: says the new values and the engine’s new theory, not the old', () => {
        const { all, summary } = textOf(change(p.json, c.edits), c.seconds);
        for (const s of c.says) typeof s === 'string' ? expect(all).toContain(s) : expect(all).toMatch(s);
        for (const s of c.not) expect(all).not.toContain(s);
        for (const n of engineNumbers(summary)) expect(all).toContain(n);
      });
    });
  }
});

describe("CoDeS's sentence follows what its timeout did", () => {
  const codes = presets.find((p) => p.id === 'voip-leo-codes')!;

  it('at the rule on a fast-fading channel: almost no packet times out, CoDeS does nearly what PF does', () => {
    const { all } = textOf(codes.json, 6);
    expect(all).toContain('almost no packet waits the 100 ms timeout (0 % timed out), so CoDeS does nearly what PF does here.');
  });

  it('on a nearly static channel past saturation: the timeout fires and the text says so, with its share', () => {
    const { all, summary } = textOf(change(codes.json, { 'voip.flows': 125, 'voip.lms.speed_kmh': 1, warmup_s: 1 }), 8);
    const timedOut = summary.voip!.loss_pct.timeout!;
    expect(timedOut).toBeGreaterThan(0.2);
    expect(all).toContain(`Even with 1 packet per queue, ${prose(timedOut)} % of packets waited past the 100 ms timeout for a good channel`);
    expect(all).not.toContain('does nearly what PF does');
  });
});

describe('the preset notes', () => {
  const defaults = () => JSON.parse(allDefaultsJson()) as Record<string, unknown>;
  const mm1 = presets.find((p) => p.id === 'mm1-load-0.8')!;

  it('the published preset has no change; a changed one names the field and both values', () => {
    const same = textOf(mm1.json).scenarioJson;
    expect(presetChanges(mm1.json, same, defaults())).toEqual([]);
    const changed = textOf(change(mm1.json, { 'traffic.rate_pps': 900 })).scenarioJson;
    const ch = presetChanges(mm1.json, changed, defaults());
    expect(ch).toEqual([{ path: 'traffic.rate_pps', label: 'Arrival rate λ', from: 800, to: 900 }]);
    expect(notesCaveat(ch)).toMatch(/^Notes for the preset as published; you changed Arrival rate λ 800 → 900, so numbers in these notes may differ/);
  });

  it('a change inside a section the preset leaves at its defaults names the field, not the section', () => {
    const ship = presets.find((p) => p.id === 'iridium-ship-london')!;
    const changed = textOf(change(ship.json, { 'constellation.from': 'New Delhi' })).scenarioJson;
    expect(presetChanges(ship.json, changed, defaults())).toEqual([{ path: 'constellation.from', label: 'From', from: 'Atlantic ship', to: 'New Delhi' }]);
  });

  it('a value set back to the default is named with its value', () => {
    const b3 = presets.find((p) => p.id === 'pss-b3-variable-memory')!;
    const d = defaults() as { diffserv: { pss_credit_memory: boolean } };
    const changed = textOf(change(b3.json, { 'diffserv.pss_credit_memory': d.diffserv.pss_credit_memory })).scenarioJson;
    expect(presetChanges(b3.json, changed, defaults())).toEqual([{ path: 'diffserv.pss_credit_memory', label: 'Credit memory', from: true, to: false }]);
  });

  it('the base preset is found by name', () => {
    expect(basePreset(mm1.name, presets)?.id).toBe('mm1-load-0.8');
    expect(basePreset('My own run', presets)).toBeNull();
  });

  it("a link leaves out the preset's own notes, but keeps a description the user wrote", () => {
    const s = JSON.parse(change(mm1.json, { 'traffic.rate_pps': 900 })) as ScenarioObject;
    expect('description' in withoutPresetNotes(s, presets)).toBe(false);
    expect(withoutPresetNotes({ ...s, description: 'my notes' }, presets).description).toBe('my notes');
    expect((withoutPresetNotes({ ...s, name: 'other' }, presets) as ScenarioObject).description).toBe(mm1.description);
  });
});
