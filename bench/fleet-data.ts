/**
 * A large fleet for the benchmarks (issue 26): `runs` mini-swe-agent trajectories written as a
 * SWE-bench submission's folder (`<dir>/<instance>/<instance>.traj.json`), each a copy of one of
 * the 30 real runs in test/fixtures/fleet (SWE-bench Verified runs of a public mini-swe-agent 1.15
 * submission with Gemini 3 Pro), taken in turn. Copy k of a run is its trajectory unchanged but for its
 * instance id, `<instance>__copy<k>` (the first copy keeps the real id), which the file is named
 * after, so every run of the fleet is its own task. Deterministic: the same `runs` always gives the
 * same files. 500 runs are ~88 MB (the real runs average 176 KB; the real 500-run
 * submission is 98 MB).
 *
 * Run directly to write one: `tsx bench/fleet-data.ts <dir> [runs]`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REAL = fileURLToPath(
  new URL(
    '../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs',
    import.meta.url,
  ),
);

interface Trajectory {
  instance_id: string;
  [key: string]: unknown;
}

/** The real trajectories, in instance-id order (the folder listing's order is the file system's). */
function realRuns(): { id: string; value: Trajectory }[] {
  return readdirSync(REAL)
    .sort()
    .map((id) => ({
      id,
      value: JSON.parse(readFileSync(path.join(REAL, id, `${id}.traj.json`), 'utf8')) as Trajectory,
    }));
}

/** Writes the fleet's files under `dir` and returns their paths, in the fleet's order. */
export async function writeFleet(dir: string, runs: number): Promise<string[]> {
  const real = realRuns();
  const files: string[] = [];
  for (let i = 0; i < runs; i++) {
    const { id, value } = real[i % real.length] as { id: string; value: Trajectory };
    const copy = Math.floor(i / real.length);
    const instance = copy === 0 ? id : `${id}__copy${copy}`;
    const folder = path.join(dir, instance);
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${instance}.traj.json`);
    writeFileSync(file, JSON.stringify({ ...value, instance_id: instance }, null, 2));
    files.push(file);
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [dir, runs = '500'] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write('usage: tsx bench/fleet-data.ts <dir> [runs]\n');
    process.exit(2);
  }
  const files = await writeFleet(dir, Number(runs));
  process.stdout.write(`${files.length} runs written under ${dir}\n`);
}
