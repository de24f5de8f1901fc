/** What the sweep panel offers for each scenario model: the policies compared, the parameters
 * swept, and the paper's figures drawn from the results. */

export interface SweepMetric {
  /** Path in the summary, e.g. `voip.latency_ms`. */
  path: string;
  title: string;
  unit: string;
  /** Theory to draw dashed beside a policy's measured curve: policy -> [summary path, label]. */
  theory?: Record<string, [string, string]>;
}

export interface SweepModel {
  /** The scenario field the policies set. */
  policyPath: string;
  policies: [string, string][];
  defaultPolicies: string[];
  params: { path: string; label: string; values: string }[];
  metrics: SweepMetric[];
  /** Rows of the two-policy comparison table: label, summary path, decimals. */
  compareRows: [string, string, number][];
  /** Series id drawn over time for both compared runs, with its title and unit. */
  compareSeries: { id: string; title: string; unit: string };
  /** Preset to suggest when another model is loaded. */
  hint: string;
}

export const SWEEP_MODELS: Record<string, SweepModel> = {
  'voip-leo': {
    policyPath: 'voip.policy',
    policies: [
      ['dt-s', 'DT_S'],
      ['dt-h', 'DT_H'],
      ['rr', 'RR'],
      ['pf', 'PF'],
      ['codes', 'CoDeS'],
      ['m-lwdf', 'M-LWDF'],
      ['exp-pf', 'EXP-PF'],
      ['fq-codel', 'FQ-CoDel'],
    ],
    // Paper 000's five policies are ticked at first; the three extras on request.
    defaultPolicies: ['dt-s', 'dt-h', 'rr', 'pf', 'codes'],
    params: [
      { path: 'voip.flows', label: 'number of flows', values: '25, 50, 75, 100, 125, 150, 175, 200' },
      { path: 'voip.codes_timeout_ms', label: 'CoDeS timeout [ms]', values: '50, 100, 200' },
      { path: 'voip.lms.snr_ref_db', label: 'reference SNR [dB]', values: '7, 9, 11, 13' },
      { path: 'voip.rtt_ms', label: 'buffer-rule RTT [ms]', values: '200, 1000, 3000' },
    ],
    metrics: [
      { path: 'voip.throughput_kbps', title: 'Throughput (Fig. 3)', unit: 'kb/s' },
      { path: 'voip.first_tx_decoded_pct', title: 'Decoded at the first HARQ transmission (Fig. 4)', unit: '%' },
      { path: 'voip.loss_pct.total', title: 'Losses (Fig. 5)', unit: '%' },
      { path: 'voip.spectral_efficiency', title: 'Spectral efficiency (Fig. 6)', unit: 'useful / coded' },
      { path: 'voip.latency_ms', title: 'Latency (Fig. 7)', unit: 'ms' },
      { path: 'voip.jitter_ms', title: 'Jitter (Fig. 8)', unit: 'ms' },
      { path: 'voip.emodel.mos', title: 'MOS (Figs. 10, 14)', unit: 'MOS' },
      { path: 'voip.loss_pct.timeout', title: 'Losses to CoDeS timeout (Fig. 11)', unit: '%' },
    ],
    compareRows: [
      ['MOS', 'voip.emodel.mos', 2],
      ['R', 'voip.emodel.r', 1],
      ['throughput [kb/s]', 'voip.throughput_kbps', 0],
      ['latency [ms]', 'voip.latency_ms', 1],
      ['jitter [ms]', 'voip.jitter_ms', 2],
      ['loss [%]', 'voip.loss_pct.total', 2],
      ['of which timeout [%]', 'voip.loss_pct.timeout', 2],
      ['spectral efficiency', 'voip.spectral_efficiency', 3],
    ],
    compareSeries: { id: 'latency_ms', title: 'Latency', unit: 'ms' },
    hint: 'VoIP over LEO: CoDeS on a fading LMS last hop',
  },
  diffserv: {
    policyPath: 'diffserv.sharing',
    policies: [
      ['pss', 'PSS'],
      ['dwrr', 'DWRR'],
    ],
    defaultPolicies: ['pss', 'dwrr'],
    params: [
      { path: 'diffserv.k_af', label: 'K_AF (Figs. 5-6 x axis)', values: '0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8' },
      { path: 'diffserv.ef_bps', label: 'EF rate, PSS expecting ef_expected_bps [b/s] (Fig. 6)', values: '5000000, 7500000, 10000000, 12500000, 15000000' },
      { path: 'diffserv.ef_bps+diffserv.ef_expected_bps', label: 'EF rate, known to PSS [b/s] (Fig. 5)', values: '5000000, 7500000, 10000000, 12500000, 15000000' },
      { path: 'diffserv.pss_lr_bits', label: 'L_R [bits] (B3: memory size)', values: '0, 10000000, 30000000, 60000000, 120000000' },
    ],
    metrics: [
      { path: 'diffserv.rates_mbps[1]', title: 'AF output rate (Figs. 5(a), 6(a))', unit: 'Mb/s', theory: { pss: ['diffserv.theory_mbps[2]', 'eq. 7 (PSS)'], dwrr: ['diffserv.theory_mbps[0]', 'eq. 1 (WRR)'] } },
      { path: 'diffserv.rates_mbps[2]', title: 'CS0 output rate (Figs. 5(b), 6(b))', unit: 'Mb/s', theory: { pss: ['diffserv.theory_mbps[3]', 'eq. 8 (PSS)'], dwrr: ['diffserv.theory_mbps[1]', 'eq. 6 (WRR)'] } },
      { path: 'diffserv.rates_mbps[0]', title: 'EF output rate', unit: 'Mb/s' },
      { path: 'diffserv.jain[0]', title: "Jain's index within AF", unit: 'index' },
    ],
    compareRows: [
      ['EF [Mb/s]', 'diffserv.rates_mbps[0]', 2],
      ['AF [Mb/s]', 'diffserv.rates_mbps[1]', 2],
      ['CS0 [Mb/s]', 'diffserv.rates_mbps[2]', 2],
      ['AF theory eq. 1, WRR [Mb/s]', 'diffserv.theory_mbps[0]', 2],
      ['AF theory eq. 7, PSS [Mb/s]', 'diffserv.theory_mbps[2]', 2],
      ["Jain's index within AF", 'diffserv.jain[0]', 3],
      ['AF drops', 'diffserv.drops[1]', 0],
    ],
    compareSeries: { id: 'af_mbps', title: 'AF rate', unit: 'Mb/s' },
    hint: 'PSS vs WRR, EF as expected (paper 001, B1 / Fig. 5)',
  },
};
