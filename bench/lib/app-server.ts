/**
 * The production app for the Chromium suites: built first when the build is missing or older than
 * the sources, then `next start` on a port of the suite's own, answered before the suite goes on.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The newest modification under a folder of sources. */
function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureBuild(): void {
  const id = path.join(ROOT, '.next/BUILD_ID');
  const sources = Math.max(...['app', 'components', 'lib'].map((d) => newest(path.join(ROOT, d))));
  if (existsSync(id) && statSync(id).mtimeMs > sources) return;
  process.stdout.write('building the app (next build)…\n');
  execFileSync('npx', ['next', 'build'], { cwd: ROOT, stdio: 'ignore' });
}

/** `next start` on 127.0.0.1:`port`, once it answers (its own process group: kill `-pid`). */
export async function startServer(port: number): Promise<ChildProcess> {
  const server = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}`)).ok) return server;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('next start did not answer');
}
