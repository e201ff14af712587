/**
 * `npm start` (tsx scripts/start.ts): build, serve, and open the app on a bundled real example. The browser is opened with
 * `open` (sindresorhus/open: the platform's own opener on macOS, Windows and Linux desktops) once the
 * server answers; on a machine without a display (CI, SSH) the address is printed instead.
 * PORT sets the port (3000); STEPSCOPE_NO_OPEN=1 never opens a browser.
 */
import { spawn, spawnSync } from 'node:child_process';
import open from 'open';

const port = Number(process.env.PORT ?? 3000);
const url = `http://localhost:${port}/?sample=tau-bench-airline-task3`;
const next = (args: string[]): [string, string[]] => [
  process.execPath,
  [new URL('../node_modules/next/dist/bin/next', import.meta.url).pathname, ...args],
];

const [node, buildArgs] = next(['build']);
const build = spawnSync(node, buildArgs, { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const [, startArgs] = next(['start', '-p', String(port)]);
const server = spawn(node, startArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

async function ready() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const headless =
  process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
if (await ready()) {
  process.stdout.write(`\nStepscope is running: ${url}\n\n`);
  if (!headless && !process.env.CI && !process.env.STEPSCOPE_NO_OPEN) {
    await open(url).catch(() =>
      process.stdout.write('(could not open a browser; open the address above)\n'),
    );
  }
}
