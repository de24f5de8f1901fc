import { describe, expect, it } from 'vitest';
import { linkView } from './useUrlSync';

describe("a link's view of the charts", () => {
  it('carries chosen close-ups by key and chosen whole runs as !key, so a default close-up can be undone', () => {
    const v = linkView({
      closeUps: { credit: false, queues: true },
      theme: 'dark',
      hidden: new Set(),
      camera: null,
      speed: 1,
      model: null,
    });
    expect(v.closeUps).toEqual(['!credit', 'queues']);
  });
  it('carries nothing when nothing was chosen (every chart at its default)', () => {
    const v = linkView({ closeUps: {}, theme: 'dark', hidden: new Set(), camera: null, speed: 1, model: null });
    expect(v.closeUps).toBeUndefined();
  });
});
