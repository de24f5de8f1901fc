import type { SiteInfo } from '../../engine/protocol';

/** The Earth's turn against the stars [deg/h]: 360° per sidereal day of 23.934 h. */
const EARTH_DEG_PER_H = 360 / 23.934;

/**
 * When the seam of a star constellation comes between two sites, derived from where they are.
 * The seam is the gap between the first and last planes, whose orbits keep their place in space
 * (RAAN, drifting under a degree a day), so the Earth turns under it: its two ground lines, one
 * where the satellites go north and one 180° away where they go south, each sweep past the
 * sites once a sidereal day. The sites are separated while a line lies between their
 * longitudes: twice a day, for about their longitude gap / 15.04° per hour each time (a
 * near-polar seam runs almost along a meridian; latitude changes this little).
 */
export function seamPassage(a: SiteInfo, b: SiteInfo): string {
  // The longitude gap the shorter way round, 0 to 180°.
  const dlon = Math.abs(((((b.lon_deg - a.lon_deg + 180) % 360) + 360) % 360) - 180);
  const hours = dlon / EARTH_DEG_PER_H;
  const each = hours >= 1 ? `${hours.toFixed(1)} h` : `${Math.max(1, Math.round(hours * 60))} min`;
  return (
    `It does when the Earth's turn brings it there: twice in 24 h, about ${each} each time ` +
    `(${a.name} and ${b.name} are ${dlon.toFixed(0)}° of longitude apart, and the Earth turns ` +
    `15° an hour under the seam).`
  );
}
