/**
 * docs/REPRODUCTION.md's paper-000 tables are printed by scripts/paper000.mjs (README: `node
 * scripts/paper000.mjs`), its paper-004 TCP tables by scripts/paper004.mjs, its paper-002
 * link-layer tables by scripts/paper002.mjs, its paper-003 DCCP tables by scripts/paper003.mjs.
 * Running the sweeps takes minutes, so this checks the cheap half: the document quotes exactly the
 * commands the script runs, and the presets they name exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

/** The commands a reproduction script prints with `--commands`. */
const commandsOf = (script: string) =>
  execFileSync(process.execPath, [script, '--commands'], { cwd: root, encoding: 'utf8' }).trim().split('\n');

/**
 * A script whose tables come from `skyqueue sweep <preset> ...` commands: the document quotes
 * each command it runs, each names a preset that exists, and the README and the document say how
 * to regenerate them.
 */
function sweepTables(title: string, script: string, count: number) {
  describe(title, () => {
    const commands = commandsOf(script);
    const doc = readFileSync(new URL('docs/REPRODUCTION.md', root), 'utf8');

    it('are produced by the sweeps the document quotes, over presets that exist', () => {
      expect(commands).toHaveLength(count);
      for (const c of commands) {
        expect(doc, c).toContain(`\`${c}\``);
        const example = c.split(' ')[2];
        expect(existsSync(new URL(example, root)), example).toBe(true);
      }
    });

    it('are the ones the README says how to regenerate', () => {
      const readme = readFileSync(new URL('README.md', root), 'utf8');
      expect(readme).toContain(`node ${script}`);
      expect(doc).toContain(`node ${script}`);
    });
  });
}

// The five policies over the flows, the timeout at the rule, the channel's speed (2), the long queues (2).
sweepTables('paper 000 reproduction tables', 'scripts/paper000.mjs', 6);
// Fig. 5, Fig. 6, the interleaving depth; Fig. 8 with Tables 1-2 (3 sweeps); Table 3 (3); Figs. 10,
// 11 and 9; Table 3's other four TCPs; with the modelled physical layer: Fig. 7 (3), Fig. 8 with
// Table 1 (3), Table 3 (2), Figs. 10-11 (2); the stated PER points on the presets' layer (3).
sweepTables('paper 002 link-layer and TCP tables', 'scripts/paper002.mjs', 29);
// Tables II-V: six codec rows over the four transports; Table VI: two rows and CUBIC; the twelve
// calls at 0.03 % PER, with runs of three lost frames, under the exponential access, as one
// datagram an interval and with the RTT read as the path's own; four rows without link loss.
sweepTables('paper 003 voice over DCCP tables', 'scripts/paper003.mjs', 18);

describe('paper 004 TCP tables', () => {
  const commands = commandsOf('scripts/paper004.mjs');
  const doc = readFileSync(new URL('docs/REPRODUCTION.md', root), 'utf8');

  it('are produced by calc transfer runs of the form the document quotes', () => {
    // Table 4, Table 5's sizes and Figs. 6 and 9 per city outside and across the seam, Los
    // Angeles with RFC 6298's pieces in place of ns-2's, every city with the old per-transfer
    // buffer, and the small files with continuous handovers; each cell once per seed 1-5.
    expect(commands.length).toBeGreaterThanOrEqual(1500);
    const template =
      'skyqueue calc transfer --from "Hawaii gateway" --to <client> ' +
      '--bytes <N> --when <outside-seam|across-seam> --runs 2 --seed <1..5>';
    expect(doc).toContain(`\`${template}\``);
    const fig5 = commands.filter((c) => c.includes('--to random'));
    // Each client, seam case and seed, with ns-2's pieces or one of RFC 6298's or the old buffer.
    const table4 = new RegExp(
      '^skyqueue calc transfer --from "Hawaii gateway" --to "?[A-Za-z ]+"? --bytes \\d+ --when (outside|across)-seam --runs 2 --seed [1-5]' +
        '( --no-lost-retransmit| --rto-restart new-data| --min-rto-ms 1000 --rto-restart new-data| --buffer start-bdp| --handoff continuous)?$',
    );
    for (const c of commands.filter((c) => !fig5.includes(c))) expect(c).toMatch(table4);
    // Fig. 5: 7 gateways, 9 kB and 15 MB each, clients drawn anywhere at any time, seeds 1-5.
    expect(fig5).toHaveLength(70);
    for (const c of fig5)
      expect(c).toMatch(
        /^skyqueue calc transfer --from "?[A-Za-z ]+"? --to random --bytes (9000|15000000) --when anytime --runs 20 --seed [1-5]$/,
      );
    expect(doc).toContain(
      '`skyqueue calc transfer --from <gateway> --to random --bytes <N> --when anytime --runs 20 --seed <1..5>`',
    );
  });

  it('are the ones the README says how to regenerate', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toContain('node scripts/paper004.mjs');
    expect(doc).toContain('node scripts/paper004.mjs');
  });
});

describe("the opening table of every paper's headline findings", () => {
  const doc = readFileSync(new URL('docs/REPRODUCTION.md', root), 'utf8');
  const STATUS = /^(reproduced|calibrated|in kind|not reproduced)\b/;
  /** The rows (cells) of the Markdown table under the header line `header` at index `at`. */
  const rowsAfter = (at: number) =>
    doc
      .slice(doc.indexOf('\n', doc.indexOf('\n', at) + 1) + 1)
      .split('\n')
      .filter((_, i, lines) => lines.slice(0, i + 1).every((l) => l.startsWith('|')))
      .map((l) =>
        l
          .slice(1, -1)
          .split(' | ')
          .map((c) => c.trim()),
      );

  const opening = doc.indexOf("## Headline findings at each paper's one configuration");
  const sections = [...doc.matchAll(/^\| finding \| paper (00\d) \|/gm)].sort((a, b) => a[1].localeCompare(b[1]));

  it('comes first and names a status from the four for every finding', () => {
    expect(opening).toBeGreaterThan(0);
    expect(opening).toBeLessThan(doc.indexOf('\n## ', doc.indexOf('\n## ') + 1) + 1);
    const rows = rowsAfter(doc.indexOf('| paper | finding |', opening));
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r, r.join(' | ')).toHaveLength(5);
      expect(r[4], r.join(' | ')).toMatch(STATUS);
    }
  });

  it('is regenerated by the script the README and the document name', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toContain('node scripts/reproduction-headline.mjs');
    expect(doc).toContain('node scripts/reproduction-headline.mjs');
  });

  it("holds exactly the rows of each paper's own headline table, papers 000 to 004", () => {
    expect(sections.map((m) => m[1])).toEqual(['000', '001', '002', '003', '004']);
    const table = rowsAfter(doc.indexOf('| paper | finding |', opening)).map((r) => r.join(' | '));
    const fromSections = sections.flatMap((m) => rowsAfter(m.index!).map((r) => [m[1], ...r].join(' | ')));
    expect(table).toEqual(fromSections);
  });
});
