/**
 * A 1 GB JSONL history (a sparse file: its size is what matters) given to the CLI: refused with a
 * clear message before anything is read, with exit status 1, not a V8 string-length crash. The app's
 * worker refuses it with the same message (e2e/bad-input.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TS_REGISTER, type Row } from '../lib/harness';

export async function hugeSuite(): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepscope-huge-'));
  const file = path.join(dir, 'huge.jsonl');
  writeFileSync(file, '');
  truncateSync(file, 2 ** 30);
  try {
    const t = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        TS_REGISTER,
        new URL('../../cli/stepscope.ts', import.meta.url).pathname,
        'inspect',
        file,
      ],
      { encoding: 'utf8' },
    );
    const ms = performance.now() - t;
    const message = run.stderr.trim().split('\n').at(-1) ?? '';
    const clear = run.status === 1 && /is more than Stepscope opens/.test(message);
    return [
      {
        id: 'huge-jsonl',
        what: `1 GB JSONL through the CLI: exit ${run.status}, in ${ms.toFixed(0)} ms: "${message.replace(dir, '…')}"`,
        value: clear ? 1 : 0,
        unit: 'check',
        target: { op: '>=', value: 1 },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
