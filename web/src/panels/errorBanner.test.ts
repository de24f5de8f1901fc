import { describe, expect, it } from 'vitest';
import { bannerWords } from './ErrorBanner';

describe('the error banner', () => {
  it('says a run stopped by its budget was stopped, and that its results stay', () => {
    const words = bannerWords(
      {
        kind: 'sim',
        message:
          'stopped: over budget at 5.000 s of 30.000 s: 10000000001 events processed, over the budget of one run',
        fatal: false,
        errors: [],
      },
      true,
    );
    expect(words.title).toBe('The run was stopped: it went over the budget of one run');
    expect(words.then).toMatch(/stays on screen/);
  });

  it('keeps its words for the other errors', () => {
    const base = { message: 'x', errors: [] };
    expect(bannerWords({ ...base, kind: 'sim', fatal: false }, true).title).toBe('The engine refused a command');
    expect(bannerWords({ ...base, kind: 'invalid', fatal: false }, true)).toEqual({
      title: 'This scenario cannot run',
      then: 'Nothing was lost: the previous run is still loaded.',
    });
    expect(bannerWords({ ...base, kind: 'internal', fatal: true }, true)).toEqual({
      title: 'The engine stopped',
      then: 'Restart it: the last scenario that ran is loaded again.',
    });
    expect(bannerWords({ ...base, kind: 'internal', fatal: true }, false).then).toBe('Reload a preset to start again.');
  });
});
