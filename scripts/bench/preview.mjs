// The built app served by `vite preview` on `port` for a benchmark in headless chromium: resolves
// once it answers, with the function that stops it.
import { spawn } from 'node:child_process';

export async function startPreview(port) {
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid);
    } catch {
      /* already gone */
    }
  };
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return stop;
}
