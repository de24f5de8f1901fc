import type { Summary } from '../../engine/summary-types';
import { prose } from '../../scenario/prose';
import { describeLiveText } from '../../scenario/testLiveText';
import { diffserv } from '.';

/** The engine's own theory numbers for a run, as the text must print them. */
function engineNumbers(s: Summary): string[] {
  const out: string[] = [];
  const d = s.diffserv;
  if (d) {
    const mb = (x: number | null) => `${prose(Number(x!.toFixed(2)))} Mb/s`;
    if (d.pss)
      out.push(`AF ${mb(d.theory_mbps[2])}`, `CS0 ${mb(d.theory_mbps[3])}`, `BW C_avg = ${mb(d.af_target_mbps)}`);
    else out.push(`= ${mb(d.theory_mbps[0])}`, `CS0 ${mb(d.theory_mbps[1])}`);
  }
  return out;
}

// One parameter change per preset, what the text must then say and what it must no longer say.
describeLiveText(diffserv, engineNumbers, {
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
    says: [
      'swings between 16 Mb/s and 24 Mb/s',
      'C(t) = 20 (1 + 0.2 cos(2π t / 15))',
      'BW C_avg = 4.21 Mb/s',
      'credit memory',
    ],
    not: ['14 Mb/s', '0.3 cos'],
    seconds: 20,
  },
  'pss-b3-variable-vanilla': {
    edits: { 'diffserv.ef_bps': 10000000, 'diffserv.ef_expected_bps': 10000000 },
    says: ['between 4 Mb/s and 16 Mb/s', 'PSS is set for EF at 10 Mb/s', 'Without the credit memory'],
    not: ['between 6 Mb/s and 24 Mb/s', 'EF at 15 Mb/s'],
    seconds: 20,
  },
});
