/**
 * The constellation's live text: the pair's route over the constellation the engine built, and
 * what its shape (a polar star with its seam, or a delta shell) means for that route.
 */
import { num, optionLabel, plural, prose, siteField, siteName, span, str } from '../../scenario/prose';
import { getPath, type ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

export function constellationText(s: ScenarioObject, { constellation: c }: TextInputs): LiveText {
  const from = c ? siteName(c.sites[0]) : siteField(getPath(s, 'constellation.from'));
  const to = c ? siteName(c.sites[1]) : siteField(getPath(s, 'constellation.to'));
  const duration = num(s, 'duration_s') ?? 0;
  const setup: string[] = [];
  const loaded = (str(s, 'constellation.tle') ?? '').trim() !== '';
  const shells = c?.shells ?? [];
  const many = shells.length > 1;
  const shape = !c
    ? optionLabel('constellation.preset', str(s, 'constellation.preset'))
    : many
      ? `${c.sats.length.toLocaleString('en-GB')} satellites in ${shells.length} shells ` +
        `(${prose(Math.min(...shells.map((x) => x.inclination_deg)))}° to ` +
        `${prose(Math.max(...shells.map((x) => x.inclination_deg)))}°, ` +
        `${prose(Math.min(...shells.map((x) => x.altitude_km)))} to ${prose(Math.max(...shells.map((x) => x.altitude_km)))} km` +
        `${loaded ? ', read from the loaded catalogue' : ''})`
      : `${c.sats.length} satellites in ${plural(c.planes, 'plane')} at ${prose(c.altitude_km)} km, ` +
        `inclined ${prose(c.inclination_deg)}°${loaded ? ' (read from the loaded element sets)' : ''}`;
  setup.push(`The route from ${from} to ${to} over ${shape}, for ${span(duration)} of simulated time.`);
  if (many) {
    const isl = str(s, 'constellation.isl');
    setup.push(
      (isl === 'none'
        ? 'No ISLs: a bent pipe, the built-in sites relaying between satellites. '
        : '+Grid ISLs in every shell (two neighbours in the plane, the nearest satellite of each next plane, ' +
          'within laser range), none between shells. ') +
        (str(s, 'constellation.access') === 'free'
          ? 'Each site may use any satellite above the mask: the route picks them.'
          : 'Each site uses one satellite; when the two are in shells no link joins, there is no route.') +
        ' On the globe the satellites are coloured by shell; the route glows.',
    );
  } else if (c?.kind === 'star') {
    const seamIsls = getPath(s, 'constellation.seam_isls') === true;
    setup.push(
      seamIsls
        ? 'A polar star: its first and last planes move in opposite directions (the seam), but links across ' +
            'the seam are on here (a teaching option; real Iridium has none), so the route can cross it.'
        : `A polar star: its first and last planes move in opposite directions ` +
            `and no link crosses the seam between them, so while the seam ` +
            `separates ${from} from ${to} the route must detour over a pole.`,
    );
  } else if (c?.kind === 'delta') {
    setup.push(
      `A delta shell: neighbouring planes move the same way, so there is no seam; ` +
        `no satellite passes beyond about ${prose(c.inclination_deg)}° of latitude.`,
    );
  }
  return { setup, theory: [] };
}
