/** A box on screen [CSS px]: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How much two boxes share [px²]. */
export function overlapArea(a: Box, b: Box): number {
  const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return ox > 0 && oy > 0 ? ox * oy : 0;
}

/**
 * Places labels next to their points so that none covers another, an obstacle (the globe's
 * buttons) or leaves `bounds`: each label, in order, takes the first free place of above, below,
 * right and left of its point (`gap` px away), then further up or down, else the place with the
 * least overlap. The globe's site labels ("Atlantic ship" next to "London") used to be drawn on top of each other.
 */
export function placeLabels(
  labels: { x: number; y: number; w: number; h: number }[],
  obstacles: Box[],
  bounds: Box,
  gap = 10,
): Box[] {
  const placed: Box[] = [];
  for (const l of labels) {
    // Slid sideways into the bounds (a point near the edge keeps its label on screen).
    const inside = (x: number) => Math.max(bounds.x, Math.min(x, bounds.x + bounds.w - l.w));
    const candidates: Box[] = [
      { x: inside(l.x - l.w / 2), y: l.y - gap - l.h, w: l.w, h: l.h },
      { x: inside(l.x - l.w / 2), y: l.y + gap, w: l.w, h: l.h },
      { x: l.x + gap, y: l.y - l.h / 2, w: l.w, h: l.h },
      { x: l.x - gap - l.w, y: l.y - l.h / 2, w: l.w, h: l.h },
      // Further up, then further down: past a neighbour's label or a button row.
      ...[1, 2, 3].flatMap((k) => [
        { x: inside(l.x - l.w / 2), y: l.y - gap - (k + 1) * l.h, w: l.w, h: l.h },
        { x: inside(l.x - l.w / 2), y: l.y + gap + k * l.h, w: l.w, h: l.h },
      ]),
    ];
    const outside = (b: Box) => b.w * b.h - overlapArea(b, bounds);
    const cost = (b: Box) => [...placed, ...obstacles].reduce((s, o) => s + overlapArea(b, o), 0) + outside(b);
    let best = candidates[0];
    let bestCost = Infinity;
    for (const c of candidates) {
      const k = cost(c);
      if (k < bestCost - 1e-9) {
        best = c;
        bestCost = k;
      }
      if (k === 0) break;
    }
    placed.push(best);
  }
  return placed;
}
