/**
 * README: `npm run bench:peers` runs SkyQueue beside ns-3 and SimPy "when they are installed;
 * without them it says how to install them". The benchmark itself takes minutes and needs the
 * peers, so this checks the promise for a machine without them (`--check` runs nothing).
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

it('bench:peers without ns-3 or SimPy says how to install each, and does not fail', () => {
  const r = spawnSync(process.execPath, ['scripts/bench/peers.mjs', '--check'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SKYQUEUE_NS3_INCLUDE: '/nonexistent', SKYQUEUE_PEERS_PYTHON: '/nonexistent/python' },
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('ns-3: missing; SimPy: missing');
  expect(r.stdout).toContain('ns-3 not installed: skipped. Debian 12: sudo apt-get install -y ns3 libns3-dev g++');
  expect(r.stdout).toMatch(
    /SimPy not found: skipped\. Install: python3 -m venv \S+ && \S+\/pip install simpy==4\.1\.1/,
  );
});

it('bench:peers refuses an unknown workload with its usage', () => {
  const r = spawnSync(process.execPath, ['scripts/bench/peers.mjs', '--only', 'x'], { cwd: root, encoding: 'utf8' });
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('usage: node scripts/bench/peers.mjs');
});
