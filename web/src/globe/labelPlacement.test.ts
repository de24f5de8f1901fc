import { describe, expect, it } from 'vitest';
import { overlapArea, placeLabels } from './labelPlacement';

const bounds = { x: 0, y: 0, w: 600, h: 400 };

describe('placeLabels', () => {
  it('puts a lone label above its point', () => {
    const [b] = placeLabels([{ x: 300, y: 200, w: 80, h: 20 }], [], bounds);
    expect(b).toEqual({ x: 260, y: 170, w: 80, h: 20 });
  });

  it('moves a label off one placed before it (two sites close together)', () => {
    const boxes = placeLabels(
      [
        { x: 300, y: 200, w: 80, h: 20 },
        { x: 310, y: 195, w: 120, h: 20 },
      ],
      [],
      bounds,
    );
    expect(overlapArea(boxes[0], boxes[1])).toBe(0);
  });

  it('keeps off an obstacle and inside the bounds', () => {
    const tools = { x: 200, y: 360, w: 400, h: 40 };
    const [b] = placeLabels([{ x: 590, y: 390, w: 80, h: 20 }], [tools], bounds);
    expect(overlapArea(b, tools)).toBe(0);
    expect(b.x + b.w).toBeLessThanOrEqual(600);
    expect(b.y).toBeGreaterThanOrEqual(0);
  });
});
