/**
 * README: `npm run bench:peers` runs SkyQueue beside ns-3 and SimPy "when they are installed;
 * without them it says how to install them". The benchmark itself takes minutes and needs the
 * peers, so this checks the promise for a machine without them (`--check` runs nothing).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

it('bench:peers without ns-3, SimPy or Hypatia says how to install each, and does not fail', () => {
  const r = spawnSync(process.execPath, ['scripts/bench/peers.mjs', '--check'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      SKYQUEUE_NS3_INCLUDE: '/nonexistent',
      SKYQUEUE_PEERS_PYTHON: '/nonexistent/python',
      SKYQUEUE_HYPATIA: '/nonexistent/hypatia',
      SKYQUEUE_HYPATIA_PYTHON: '/nonexistent/python',
      SKYQUEUE_HYPATIA_NS3: '/nonexistent/main_satnet',
    },
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain("ns-3: missing; SimPy: missing; Hypatia: missing; Hypatia's ns-3: missing");
  expect(r.stdout).toMatch(
    new RegExp(
      "Hypatia's ns-3 not found \\(SKYQUEUE_HYPATIA_NS3, SKYQUEUE_HYPATIA\\): skipped\\. Build Hypatia's ns-3 \\(main_satnet\\) " +
        "against Debian 12's ns-3 3\\.37: apt-get install -y ns3 libns3-dev g\\+\\+ .*scripts/bench/peers/hypatia-ns3/build\\.sh .*" +
        'SKYQUEUE_HYPATIA_NS3=\\S+',
    ),
  );
  expect(r.stdout).toContain('ns-3 not installed: skipped. Debian 12: sudo apt-get install -y ns3 libns3-dev g++');
  expect(r.stdout).toMatch(
    /SimPy not found: skipped\. Install: python3 -m venv \S+ && \S+\/pip install simpy==4\.1\.1/,
  );
  expect(r.stdout).toMatch(
    new RegExp(
      'Hypatia not found \\(SKYQUEUE_HYPATIA\\): skipped\\. Install: git clone https://github\\.com/snkas/hypatia \\S+ && ' +
        'python3 -m venv \\S+ && \\S+/pip install numpy astropy ephem networkx sgp4 .*exputilpy.*' +
        'SKYQUEUE_HYPATIA=\\S+ SKYQUEUE_HYPATIA_PYTHON=\\S+',
    ),
  );
});

it('bench:peers --check names a Hypatia checkout whose satgenpy does not import as missing, with the hint', () => {
  // A checkout-shaped directory whose satgenpy fails to import, as without its dependencies.
  const dir = mkdtempSync(join(tmpdir(), 'skyqueue-hypatia-'));
  mkdirSync(join(dir, 'satgenpy', 'satgen'), { recursive: true });
  writeFileSync(join(dir, 'satgenpy', 'satgen', '__init__.py'), 'raise ImportError("no exputil")\n');
  const r = spawnSync(process.execPath, ['scripts/bench/peers.mjs', '--check'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      SKYQUEUE_NS3_INCLUDE: '/nonexistent',
      SKYQUEUE_PEERS_PYTHON: '/nonexistent/python',
      SKYQUEUE_HYPATIA: dir,
      SKYQUEUE_HYPATIA_PYTHON: 'python3',
    },
  });
  rmSync(dir, { recursive: true, force: true });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Hypatia: missing');
  expect(r.stdout).toMatch(/Hypatia's satgenpy does not import with python3 \(.*\): skipped\. Install: git clone/);
});

it('bench:peers refuses an unknown workload or a bad --hypatia-steps with its usage', () => {
  const r = spawnSync(process.execPath, ['scripts/bench/peers.mjs', '--only', 'x'], { cwd: root, encoding: 'utf8' });
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('usage: node scripts/bench/peers.mjs');
  expect(r.stderr).toContain('--only q|h|y|t');
  const bad = spawnSync(process.execPath, ['scripts/bench/peers.mjs', '--only', 'y', '--hypatia-steps', '0'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('--hypatia-steps K (1 to 2000)');
});

it("workload T's rank correlation is Spearman's: 1 in order, -1 reversed, ties at their mean rank", () => {
  const script =
    "import { spearman } from './scripts/bench/peers/hypatia-ns3/workload.mjs';" +
    'console.log(JSON.stringify([spearman([1, 2, 3, 4], [10, 20, 30, 400]), spearman([1, 2, 3, 4], [4, 3, 2, 1]), ' +
    'spearman([5, 5, 6, 7], [1, 2, 3, 4])]));';
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const [inOrder, reversed, tied] = JSON.parse(r.stdout) as number[];
  expect(inOrder).toBeCloseTo(1, 12);
  expect(reversed).toBeCloseTo(-1, 12);
  // Ranks (0.5, 0.5, 2, 3) against (0, 1, 2, 3).
  expect(tied).toBeCloseTo(0.9486832980505138, 12);
});
