/**
 * tau-bench result files (sierra-research/tau-bench `historical_trajectories/*.json` and run
 * outputs): a list of runs `{task_id, reward, info, traj, trial}`, each `traj` an OpenAI chat
 * messages array. Each run becomes one history, titled by task and trial, its reward the outcome.
 * tau2-bench results files (`{info, tasks, simulations}`) are read here too (tau2.ts), and its voice
 * runs: full-duplex ticks, runs stored as a folder, one simulation file alone (tau2-ticks.ts).
 */
import { z } from 'zod';
import { importOpenAIMessages, openAIMessageSchema } from './openai-messages';
import { FolderValue } from './read';
import { importTau2, tau2Folder, tau2Results, type Tau2Results } from './tau2';
import { isRecord } from './util';
import { firstProblem, readRuns, runPlace, type RunRead } from './runs';
import { defineImporter, fits, parsedBy } from './types';
import { ImportError } from '../model/errors';

const run = z.object({
  task_id: z.union([z.number(), z.string()]),
  reward: z.number().nullable().optional(),
  trial: z.number().nullable().optional(),
  traj: z.array(openAIMessageSchema),
});
const runs = z.array(run).min(1);
// What detection takes: runs whose `traj` is any list, one of them OpenAI messages; a run whose
// `traj` is not is skipped with a warning (runs.ts), not the file.
const traj = z.array(openAIMessageSchema);
const looseRun = run.extend({ traj: z.unknown().optional() });
const looseRuns = z
  .array(looseRun)
  .min(1)
  .refine(
    (rs) => rs.some((r) => Array.isArray(r.traj) && r.traj.length > 0 && fits(traj, r.traj)),
    'a run of messages',
  );

/** One run: its `traj` read as OpenAI chat messages, titled by task and trial, its reward the outcome. */
function runHistory(r: z.infer<typeof looseRun>, i: number, fileName: string): RunRead {
  const pointer = `/${i}/traj`;
  const messages = traj.safeParse(r.traj);
  if (!messages.success) {
    throw new ImportError(
      `its traj is not OpenAI chat messages (${firstProblem(messages.error.issues, pointer)})`,
    );
  }
  const imported = importOpenAIMessages(messages.data, {
    format: 'tau-bench-runs',
    file: fileName,
    pointer,
  });
  const trial = r.trial === undefined || r.trial === null ? '' : ` · trial ${r.trial}`;
  return {
    history: {
      id: `run-${i}`,
      title: `Task ${r.task_id}${trial}`,
      format: 'tau-bench-runs',
      steps: imported.steps,
      // Rewards are floats (0.9299999999999999): four decimals are what a person reads.
      ...(r.reward === undefined || r.reward === null
        ? {}
        : { outcome: `reward ${Number(r.reward.toFixed(4))}` }),
    },
    warnings: imported.warnings,
  };
}

const simulation = tau2Results.shape.simulations.element;

/**
 * The `results.json` of a run stored as a folder (tau2 `Results` "dir" format): the run's `info`
 * (agent and user simulator) and no simulations of its own, only, at most, their index.
 */
function dirResults(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.info) || !('timestamp' in value)) return false;
  const { agent_info: agent, user_info: user } = value.info;
  const sims = value.simulations;
  return (
    isRecord(agent) &&
    isRecord(user) &&
    (sims === undefined ||
      (Array.isArray(sims) &&
        sims.every((e) => isRecord(e) && !('messages' in e) && !('ticks' in e))))
  );
}

export const tauBenchRunsImporter = defineImporter({
  id: 'tau-bench-runs',
  label: 'tau-bench runs / tau2-bench results',
  near: { sniff: (v) => 'traj' in (Array.isArray(v) && isRecord(v[0]) ? v[0] : {}), schema: runs },
  detect: (
    value,
  ):
    | z.infer<typeof looseRuns>
    | { tau2: Tau2Results }
    | { folder: NonNullable<ReturnType<typeof tau2Folder>> }
    | { alone: true }
    | undefined => {
    if (value instanceof FolderValue) {
      const folder = tau2Folder(value);
      return folder ? { folder } : undefined;
    }
    const tau2 = isRecord(value) ? parsedBy(tau2Results, value) : undefined;
    if (tau2) return { tau2 };
    // One simulation of a folder run, opened alone (`simulations/<id>.json`).
    const sim =
      isRecord(value) && 'termination_reason' in value ? parsedBy(simulation, value) : undefined;
    if (sim) return { tau2: { simulations: [sim] } };
    return dirResults(value) ? { alone: true } : parsedBy(looseRuns, value);
  },
  import(parsed, fileName, raw) {
    if ('alone' in parsed)
      throw new ImportError(
        "the results.json of a tau2-bench run stored as a folder: it holds the run's settings, not its simulations, which are in simulations/<id>.json beside it (read with it when the folder is opened)",
      );
    if ('tau2' in parsed || 'folder' in parsed) {
      const { histories, warnings } =
        'tau2' in parsed
          ? importTau2(parsed.tau2, fileName)
          : importTau2(parsed.folder.results, fileName, parsed.folder.places);
      return {
        file: { histories },
        warnings,
        ...('folder' in parsed ? { claimed: parsed.folder.claimed } : {}),
      };
    }
    const records: readonly unknown[] | undefined = Array.isArray(raw) ? raw : undefined;
    const { histories, warnings } = readRuns(
      parsed,
      (r, i) => runHistory(r, i, fileName),
      (r, i) => runPlace(records, i, `task ${r.task_id}`),
      fileName,
    );
    return { file: { histories }, warnings };
  },
});
