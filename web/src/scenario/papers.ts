/** The papers the presets reproduce, as their guides cite them (models/<id>/guides.ts). */

export const PAPER_000 =
  'Paper 000 — Tauran et al., Controlled Delay Scheduler for VoIP over LEO constellations on LMS channels';
export const PAPER_001 = 'Paper 001 — Finzi et al., Priority Switching Scheduler';
export const PAPER_002 =
  'Paper 002 — Kuhn et al., On the impact of link layer retransmission schemes on TCP over 4G satellite links';
export const PAPER_003 = 'Paper 003 — Sarwar, Boreli and Lochin, Performance of VoIP with DCCP for satellite links';
export const PAPER_004 =
  'Paper 004 — Boubaker et al., On the Impact of Intrinsic Delay Variation Sources on Iridium LEO Constellation';
