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
  const shape = c
    ? `${c.sats.length} satellites in ${plural(c.planes, 'plane')} at ${prose(c.altitude_km)} km, ` +
      `inclined ${prose(c.inclination_deg)}°${loaded ? ' (read from the loaded element sets)' : ''}`
    : optionLabel('constellation.preset', str(s, 'constellation.preset'));
  setup.push(`The route from ${from} to ${to} over ${shape}, for ${span(duration)} of simulated time.`);
  if (c?.kind === 'star') {
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
