/**
 * A fleet for the benchmarks, generated from the real one: the 30 mini-swe-agent trajectories of
 * the Gemini 3 Pro SWE-bench submission in test/fixtures/fleet (MANIFEST: provenance), copied round
 * robin into `runs` runs, each with an instance id of its own (`<instance>__c<n>`, in the file, its
 * folder and its name, as the submission lays them out) and a results_summary.json giving each
 * copy its original's verdict. Each message of a copy starts with a short marker naming the copy,
 * so no two runs share their texts: a fleet of copies would otherwise be counted once and replayed
 * from the token counts' cache, faster than any real fleet. Deterministic: the same `runs` writes
 * the same bytes. 500 runs are about 90 MB.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SOURCE = new URL(
  '../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/',
  import.meta.url,
).pathname;

interface Trajectory {
  instance_id: string;
  messages: { content?: unknown }[];
  [key: string]: unknown;
}

/** Writes `runs` trajectories and their results file under `dir`; returns every path written. */
export async function writeFleet(dir: string, runs: number): Promise<string[]> {
  const ids = (await readdir(path.join(SOURCE, 'trajs'))).sort();
  const originals = await Promise.all(
    ids.map(async (id) => readFile(path.join(SOURCE, 'trajs', id, `${id}.traj.json`), 'utf8')),
  );
  const verdicts = new Map<string, boolean>(
    (
      JSON.parse(await readFile(path.join(SOURCE, 'results_summary.json'), 'utf8')) as {
        instances: { instance_id: string; resolved: boolean }[];
      }
    ).instances.map((i) => [i.instance_id, i.resolved]),
  );
  const written: string[] = [];
  const instances: { instance_id: string; resolved: boolean }[] = [];
  for (let n = 0; n < runs; n++) {
    const k = n % ids.length;
    const id = `${ids[k] as string}__c${String(n).padStart(4, '0')}`;
    const traj = JSON.parse(originals[k] as string) as Trajectory;
    traj.instance_id = id;
    for (const m of traj.messages)
      if (typeof m.content === 'string') m.content = `[${id}] ${m.content}`;
    const folder = path.join(dir, 'trajs', id);
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${id}.traj.json`);
    await writeFile(file, JSON.stringify(traj, null, 2));
    written.push(file);
    instances.push({ instance_id: id, resolved: verdicts.get(ids[k] as string) ?? false });
  }
  const results = path.join(dir, 'results_summary.json');
  await writeFile(
    results,
    JSON.stringify({
      total: runs,
      passed: instances.filter((i) => i.resolved).length,
      failed: instances.filter((i) => !i.resolved).length,
      instances,
    }),
  );
  written.push(results);
  return written;
}
