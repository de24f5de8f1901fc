import { describe, expect, it } from 'vitest';
import { rememberFile } from './loadedFiles';
import {
  cliSnippet,
  CLI_TLE_CHARS,
  decodeLink,
  deflate,
  elideDefaults,
  encodeLink,
  linkedScenario,
  fromBase64Url,
  MAX_LINK_CHARS,
  MAX_SCENARIO_BYTES,
  toBase64Url,
  type LinkState,
} from './link';
import { presets } from './presets';
import { rng } from './testRng';

describe('shareable links', () => {
  it('refuse a scenario that would decompress past its budget (a deflate bomb), naming it', async () => {
    // 20 MB of spaces: about 20 kB once compressed, a link well under the length limit.
    const hash = '#s=' + toBase64Url(await deflate(' '.repeat(20_000_000)));
    expect(hash.length).toBeLessThan(MAX_LINK_CHARS);
    const r = await decodeLink(hash);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toBe(
      `link: the scenario cannot be read: more than ${MAX_SCENARIO_BYTES} bytes once decompressed (was the link cut or edited?)`,
    );
  });

  it('round-trip a scenario and a view', async () => {
    const scenario = presets.find((p) => p.id === 'voip-leo-codes')!.json;
    const state: LinkState = {
      scenario,
      view: { closeUps: ['credit'], speed: 'max', theme: 'light', camera: [2.35, 48.85, 2e7] },
    };
    const hash = await encodeLink(state);
    expect(hash.startsWith('#s=')).toBe(true);
    // Compressed: shorter than the text itself.
    expect(hash.length).toBeLessThan(scenario.length);
    const back = await decodeLink(hash);
    expect(back).toEqual({ ok: true, state });
    expect(await decodeLink('#p=mm1-load-0.8')).toEqual({ ok: true, state: { preset: 'mm1-load-0.8', view: {} } });
    expect(await decodeLink('')).toEqual({ ok: true, state: { view: {} } });
  });

  it('elides the fields equal to the defaults, keeping version and model', () => {
    // Plain JSON: any model, any section.
    const defaults = { version: 1, model: 'm', seed: 1, part: { count: 1, rate: 800 }, list: [1, 2] };
    const s = { version: 1, model: 'm', seed: 7, part: { count: 1, rate: 900 }, list: [1, 2], name: 'x' };
    expect(elideDefaults(s, defaults)).toEqual({
      version: 1,
      model: 'm',
      seed: 7,
      part: { rate: 900 },
      name: 'x',
    });
    expect(elideDefaults({ version: 1, model: 'm', seed: 1 }, defaults)).toEqual({ version: 1, model: 'm' });
    expect(elideDefaults({ version: 1, seed: 1 }, defaults)).toEqual({ version: 1, model: 'm' });
  });

  it('refuse edited, truncated or garbage links with a message', async () => {
    const good = await encodeLink({ scenario: presets[0].json, view: { speed: 10 } });
    const cases: [string, RegExp][] = [
      [good.slice(0, good.indexOf('&') - 7) + good.slice(good.indexOf('&')), /cannot be read|not base64url/],
      ['#s=%%%', /not base64url/],
      ['#s=AAAA', /cannot be read/],
      ['#p=../../etc', /not a preset name/],
      ['#x=1', /unknown part `x`/],
      ['#p=a&p=b', /appears twice/],
      [`#s=${toBase64Url(new Uint8Array([1, 2, 3]))}`, /cannot be read/],
    ];
    for (const [hash, re] of cases) {
      const r = await decodeLink(hash);
      expect(r.ok, hash).toBe(false);
      if (!r.ok) expect(r.message, hash).toMatch(re);
    }
  });

  it('carry a lab: a shipped one by id (l=), a written one by its text (L=), and h=1 for a class', async () => {
    const shipped = await encodeLink({ view: {}, lab: { id: 'seam-9kb', hide: true } });
    expect(shipped).toBe('#l=seam-9kb&h=1');
    expect(await decodeLink(shipped)).toEqual({ ok: true, state: { view: {}, lab: { id: 'seam-9kb', hide: true } } });
    const text = '{"lab":1,"title":"T"}';
    const written = await encodeLink({ preset: 'mm1-load-0.8', view: {}, lab: { json: text } });
    expect(written).toMatch(/^#p=mm1-load-0\.8&L=[\w-]+$/);
    const r = await decodeLink(written);
    expect(r.ok && r.state.lab).toEqual({ json: text });
    expect(linkedScenario('#l=seam-9kb')).toBe('scenario');
    const bad: [string, RegExp][] = [
      ['#l=../x', /is not a lab name/],
      ['#L=%%%', /the lab cannot be read/],
      ['#h=1', /`h` without a lab/],
      ['#l=a&h=2', /`h` is 1/],
      ['#l=a&L=AAAA', /cannot be read|both `l` and `L`/],
    ];
    for (const [hash, re] of bad) {
      const d = await decodeLink(hash);
      expect(d.ok, hash).toBe(false);
      if (!d.ok) expect(d.message, hash).toMatch(re);
    }
  });

  it('carry a sweep of the scenario (w=), and open the scenario without it when that part is bad', async () => {
    const sweep = { param: 'voip.flows', values: [25, 75], policies: ['pf', 'codes'], seeds: 2, duration_s: 5 };
    const hash = await encodeLink({ preset: 'voip-leo-codes', view: { speed: 10 }, sweep });
    expect(hash).toMatch(/^#p=voip-leo-codes&v=[^&]+&w=[^&]+$/);
    const r = await decodeLink(hash);
    expect(r).toEqual({ ok: true, state: { preset: 'voip-leo-codes', view: { speed: 10 }, sweep } });
    // A sweep over site names travels too.
    const sites = {
      param: 'transfer.to',
      values: ['Los Angeles', 'Tokyo'],
      policies: ['cubic'],
      seeds: 1,
      duration_s: 12,
    };
    expect(await decodeLink(await encodeLink({ preset: 'tcp-iridium-9kb-seam', view: {}, sweep: sites }))).toEqual({
      ok: true,
      state: { preset: 'tcp-iridium-9kb-seam', view: {}, sweep: sites },
    });
    const bad: [object, RegExp][] = [
      [{ ...sweep, seeds: 11 }, /sweep.seeds: 11 is not a whole number from 1 to 10/],
      [{ ...sweep, values: [] }, /sweep.values: expected 1 to 100 numbers/],
      [{ ...sweep, values: [25, 'London'] }, /sweep.values: expected 1 to 100 numbers, or as many texts/],
      [{ ...sweep, duration_s: 0 }, /sweep.duration_s/],
      [{ ...sweep, param: 'a b' }, /sweep.param/],
      [{ ...sweep, extra: 1 }, /sweep.extra: unknown field/],
      [
        { ...sweep, policies: ['pf', 'codes', 'pf'] },
        /sweep.policies: `pf` is named twice \(each policy at most once\)/,
      ],
    ];
    for (const [w, re] of bad) {
      const b = await decodeLink(`#p=voip-leo-codes&w=${toBase64Url(new TextEncoder().encode(JSON.stringify(w)))}`);
      expect(b.ok).toBe(true);
      if (!b.ok) continue;
      expect(b.state).toEqual({ preset: 'voip-leo-codes', view: {} });
      expect(b.problem).toMatch(re);
      expect(b.problem).toMatch(/sweep part was ignored/);
    }
  });

  it('open the scenario of a link whose view part is bad, with the default view and a note', async () => {
    const cases: [string, RegExp][] = [
      [toBase64Url(new TextEncoder().encode('{"speed":-1}')), /view.speed/],
      [toBase64Url(new TextEncoder().encode('{"zoom":1}')), /view.zoom: unknown field/],
      ['%%%', /view/],
    ];
    for (const [v, re] of cases) {
      const r = await decodeLink(`#p=mm1-load-0.8&v=${v}`);
      expect(r.ok, v).toBe(true);
      if (!r.ok) continue;
      expect(r.state).toEqual({ preset: 'mm1-load-0.8', view: {} });
      expect(r.problem).toMatch(re);
      expect(r.problem).toMatch(/ignored.*default view/);
    }
    // A good view part carries no note.
    const good = await decodeLink(`#p=mm1-load-0.8&v=${toBase64Url(new TextEncoder().encode('{"speed":10}'))}`);
    expect(good).toEqual({ ok: true, state: { preset: 'mm1-load-0.8', view: { speed: 10 } } });
  });

  it('never throw on thousands of random and mutated links (fuzz), and every rejection says why', async () => {
    const r = rng(42);
    const seeds = await Promise.all(
      presets.slice(0, 4).map((p) => encodeLink({ scenario: p.json, view: { speed: 'max', closeUps: ['a'] } })),
    );
    seeds.push('#p=mm1-load-0.8', '#v=' + toBase64Url(new TextEncoder().encode('{"theme":"light"}')));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=&#%+/.?';
    const mutate = (s: string): string => {
      const chars = [...s];
      const n = 1 + Math.floor(r() * 4);
      for (let k = 0; k < n; k++) {
        const i = Math.floor(r() * (chars.length + 1));
        const op = r();
        if (op < 0.3) chars.splice(i, 1);
        else if (op < 0.6) chars.splice(i, 0, alphabet[Math.floor(r() * alphabet.length)]);
        else if (op < 0.8) chars[i] = alphabet[Math.floor(r() * alphabet.length)];
        else chars.length = Math.min(chars.length, i); // truncation
      }
      return chars.join('');
    };
    let rejected = 0;
    const total = 4000;
    for (let k = 0; k < total; k++) {
      const input =
        k % 4 === 0
          ? Array.from({ length: Math.floor(r() * 80) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('')
          : mutate(seeds[k % seeds.length]);
      const res = await decodeLink(input);
      if (!res.ok) {
        rejected++;
        expect(res.message.length, input).toBeGreaterThan(5);
        expect(res.message.startsWith('link:'), input).toBe(true);
      } else {
        expect(typeof res.state.view).toBe('object');
      }
    }
    // Most mutations break a compressed link; some (e.g. cut inside the view) still decode.
    expect(rejected).toBeGreaterThan(total / 2);
  });

  it('base64url rejects what is not base64url', () => {
    expect(fromBase64Url('a')).toBeNull();
    expect(fromBase64Url('a+b/')).toBeNull();
    expect(fromBase64Url('')).toEqual(new Uint8Array());
    expect(fromBase64Url(toBase64Url(new Uint8Array([0, 255, 7])))).toEqual(new Uint8Array([0, 255, 7]));
  });

  it('gives a CLI command that reads the scenario from stdin', () => {
    expect(cliSnippet('{\n "version": 1\n}')).toBe(`skyqueue run - --out results.json <<'EOF'\n{"version":1}\nEOF`);
  });

  it('names a loaded catalogue as its file in the CLI command, and quotes a short one inline', () => {
    const big = 'x'.repeat(CLI_TLE_CHARS + 1);
    // Any section's `tle` field (the command's `--catalogue` finds the model's).
    const cmd = cliSnippet(JSON.stringify({ version: 2, model: 'm', part: { tle: big, isl: 'grid' } }));
    expect(cmd).toBe(
      `skyqueue run - --catalogue catalogue.tle --out results.json <<'EOF'\n` +
        `{"version":2,"model":"m","part":{"isl":"grid"}}\nEOF`,
    );
    // The file this page loaded it from, by its name (quoted for the shell when it needs it).
    rememberFile('part.tle', big, "starlink 2026's.tle");
    expect(cliSnippet(JSON.stringify({ version: 2, model: 'm', part: { tle: big } }))).toContain(
      `--catalogue 'starlink 2026'\\''s.tle'`,
    );
    rememberFile('part.tle', big, 'starlink-2026-05-13.tle');
    expect(cliSnippet(JSON.stringify({ version: 2, model: 'm', part: { tle: big } }))).toContain(
      '--catalogue starlink-2026-05-13.tle ',
    );
    const small = cliSnippet(JSON.stringify({ version: 2, part: { tle: 'SAT\n1 x\n2 y\n' } }));
    expect(small).toContain('"tle":"SAT\\n1 x\\n2 y\\n"');
    expect(small).not.toContain('--catalogue');
  });

  it('names any other long text loaded from a file (a channel trace) as its file, with --load', () => {
    const big = 't_s,erased\n' + '0,0\n'.repeat(CLI_TLE_CHARS / 4);
    const cmd = cliSnippet(JSON.stringify({ version: 2, model: 'm', part: { channel_trace: big, scheme: 'arq' } }));
    expect(cmd).toBe(
      `skyqueue run - --load part.channel_trace=channel_trace.txt --out results.json <<'EOF'\n` +
        `{"version":2,"model":"m","part":{"scheme":"arq"}}\nEOF`,
    );
  });
});
