import type { ConstellationInfo } from '../engine/protocol';
import type { PairSummary } from '../engine/summary-types';
import { MANY_LINKS } from '../globe/layers/constellationLayer';
import { fixed } from './format';

interface Props {
  info: ConstellationInfo;
  summary: PairSummary | null;
  pickTarget: 'from' | 'to' | null;
  showOrbits: boolean;
  showDownLinks: boolean;
  showAllLinks: boolean;
  onSite: (end: 'from' | 'to', name: string) => void;
  onPickTarget: (end: 'from' | 'to' | null) => void;
  onShowOrbits: (v: boolean) => void;
  onShowDownLinks: (v: boolean) => void;
  onShowAllLinks: (v: boolean) => void;
}

const f = fixed;

/** The pair of ground sites, what the globe shows, and the pair's statistics so far. */
export function ConstellationPanel(p: Props) {
  const names = p.info.site_choices.map((s) => s.name);
  const select = (end: 'from' | 'to', idx: 0 | 1) => {
    const current = p.info.sites[idx].name;
    return (
      <label>
        {end === 'from' ? 'From' : 'To'}
        <select
          aria-label={`${end === 'from' ? 'From' : 'To'} site`}
          value={current}
          onChange={(e) => p.onSite(end, e.target.value)}
        >
          {!names.includes(current) && <option value={current}>{current}</option>}
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button
          className={p.pickTarget === end ? 'active' : ''}
          aria-pressed={p.pickTarget === end}
          title="Then click a place on the globe"
          onClick={() => p.onPickTarget(p.pickTarget === end ? null : end)}
        >
          pick on globe
        </button>
      </label>
    );
  };
  const s = p.summary;
  const manyShells = (p.info.shells ?? []).length > 1;
  return (
    <section className="constellation-panel" aria-label="Ground sites">
      <div className="sites">
        {select('from', 0)}
        {select('to', 1)}
      </div>
      <div className="toggles">
        <label>
          <input type="checkbox" checked={p.showOrbits} onChange={(e) => p.onShowOrbits(e.target.checked)} /> orbit
          tracks
        </label>
        {p.info.links.length > MANY_LINKS ? (
          <label>
            <input type="checkbox" checked={p.showAllLinks} onChange={(e) => p.onShowAllLinks(e.target.checked)} /> all{' '}
            {p.info.links.length.toLocaleString('en-GB')} ISLs in use (else the route's only; slow to draw)
          </label>
        ) : (
          <label>
            <input type="checkbox" checked={p.showDownLinks} onChange={(e) => p.onShowDownLinks(e.target.checked)} />{' '}
            inactive ISLs (dashed: grey polar cut-off or out of range, red seam)
          </label>
        )}
      </div>
      {s && (
        <table className="summary" data-testid="constellation-summary">
          <tbody>
            <tr>
              <th scope="row">one-way delay min / mean / max</th>
              <td>
                {f(s.delay_ms.min)} / {f(s.delay_ms.mean)} / {f(s.delay_ms.max)} ms
              </td>
            </tr>
            <tr>
              <th scope="row">ISL hops</th>
              <td>
                {s.hops.min} to {s.hops.max}
              </td>
            </tr>
            <tr>
              <th scope="row">handovers: intra / inter{manyShells ? ' / to another shell' : ''} / seam / ISL change</th>
              <td data-testid="handover-counts">
                {s.handovers.intra_orbital} / {s.handovers.inter_orbital} /{' '}
                {manyShells ? `${s.handovers.shell_change} / ` : ''}
                {s.handovers.seam} / {s.handovers.isl_change}
              </td>
            </tr>
            <tr>
              <th scope="row">
                intra-orbital every · plane changes (inter-orbital handovers under 30 min apart count once) · seam
                separations
              </th>
              <td>
                {f(s.intra_orbital_interval_min)} min · {s.plane_changes} · {s.seam_separations}
              </td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
