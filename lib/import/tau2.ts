/**
 * tau2-bench results files (sierra-research/tau2-bench `src/tau2/data_model/simulation.py`):
 * `{timestamp, info: {agent_info, user_info, environment_info}, tasks, simulations: [{id, task_id,
 * trial, termination_reason, agent_cost, user_cost, reward_info: {reward}, messages}]}`. Messages
 * are `assistant` (content, `tool_calls` `{id, name, arguments, requestor}`, per-message `usage`
 * `{prompt_tokens, completion_tokens}`, `cost`, `raw_data` with the provider's response), `user`
 * (the user simulator's turn, itself a model call) and `tool` (`id` = the call's id, `requestor`,
 * `error`), or a multi-tool message with `tool_messages`. In some domains the simulated user has
 * tools of its own (`requestor: "user"`): those calls and results never reach the agent's context:
 * the calls are counted in `meta.userToolCalls`; neither they nor their results are steps. One history per simulation. Part of
 * the tau-bench importer (tau-bench-runs.ts).
 */
import { z } from 'zod';
import type { History, ToolCall } from '../model/types';
import type { FolderValue } from './read';
import { messagesOfTicks, refuseTurnTakingOnly, spokenText } from './tau2-ticks';
import { readRuns, runPlace } from './runs';
import { parsedBy, type ImportWarning } from './types';
import { litellmUsage } from './usage-conventions';
import {
  folderFiles,
  folderPointer,
  isoToUnix,
  isRecord,
  parseArguments,
  StepList,
  str,
} from './util';

export const tau2Results = z
  .object({
    simulations: z
      .array(
        z
          .object({
            task_id: z.union([z.string(), z.number()]),
            messages: z.array(z.object({ role: z.string() }).passthrough()).optional(),
            // Full-duplex (voice) simulations keep ticks instead (tau2-ticks.ts).
            ticks: z.array(z.unknown()).optional(),
          })
          .passthrough()
          .refine((s) => s.messages !== undefined || s.ticks !== undefined, 'messages or ticks'),
      )
      .min(1),
  })
  .passthrough()
  .refine((r) => 'tasks' in r || 'info' in r, 'a tau2 results file (tasks, info)');
export type Tau2Results = z.infer<typeof tau2Results>;

function thinkingOf(raw: unknown): string | undefined {
  if (!isRecord(raw)) return undefined;
  const blocks = Array.isArray(raw.thinking_blocks) ? raw.thinking_blocks : [];
  const text = blocks
    .map((b) => (isRecord(b) && typeof b.thinking === 'string' ? b.thinking : ''))
    .filter(Boolean)
    .join('\n\n');
  const message = isRecord(raw.message) ? raw.message : {};
  return (
    text ||
    (typeof message.reasoning_content === 'string' ? message.reasoning_content : undefined) ||
    undefined
  );
}

/** Where a simulation is: its file and the pointer of its messages, or of its ticks. */
interface Place {
  readonly file: string;
  readonly base: string;
}

function simulationHistory(
  sim: Tau2Results['simulations'][number],
  index: number,
  place: Place,
  model: string | undefined,
): { history: History; warnings: ImportWarning[] } {
  const list = new StepList({ format: 'tau-bench-runs', file: place.file });
  const fromTicks = sim.messages ? undefined : messagesOfTicks(sim.ticks ?? []);
  const messages = sim.messages ?? (fromTicks ?? []).map((m) => m.message);
  const pointerOf = (i: number) =>
    fromTicks ? `${place.base}/ticks/${fromTicks[i]?.tick ?? 0}` : `${place.base}/messages/${i}`;
  let userToolCalls = 0;
  const link = (m: Record<string, unknown>, pointer: string) => {
    if (m.requestor === 'user') return;
    const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? null);
    if (!list.linkResult(str(m.id ?? ''), text, m.error === true)) {
      list.warn(
        `a tool result answers no earlier call (${str(m.id ?? 'no id')}); kept as an observation`,
        pointer,
      );
      list.addAction({ observation: text }, pointer);
    }
  };
  messages.forEach((m, i) => {
    const pointer = pointerOf(i);
    const timestamp = isoToUnix(m.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const text = spokenText(m);
    if (m.role === 'assistant') {
      const calls: ToolCall[] = (Array.isArray(m.tool_calls) ? m.tool_calls : [])
        .filter(isRecord)
        .map((c, k) => ({
          id: str(c.id ?? `call_${i}_${k}`),
          name: str(c.name ?? 'tool'),
          arguments: parseArguments(c.arguments),
        }));
      // tau2's usage is LiteLLM's prompt and completion tokens (tau2 `utils/llm_utils.py`); the
      // response in raw_data keeps the cached parts beside them.
      const raw = isRecord(m.raw_data) ? m.raw_data : {};
      const u = isRecord(m.usage)
        ? litellmUsage({ ...(isRecord(raw.usage) ? raw.usage : {}), ...m.usage, cost: m.cost })
        : undefined;
      list.addAction(
        {
          toolCalls: calls,
          modelOutput: text,
          thought: thinkingOf(m.raw_data),
          usage: u,
          model: typeof raw.model === 'string' ? raw.model : undefined,
          timestamp,
        },
        pointer,
      );
    } else if (m.role === 'user') {
      userToolCalls += Array.isArray(m.tool_calls) ? m.tool_calls.length : 0;
      if (text) list.add({ kind: 'task', task: text, ...time }, pointer);
    } else if (m.role === 'tool') {
      if (Array.isArray(m.tool_messages))
        m.tool_messages
          .filter(isRecord)
          .forEach((t, k) => link(t, `${pointer}/tool_messages/${k}`));
      else link(m, pointer);
    } else if (m.role === 'system')
      list.add({ kind: 'system-prompt', content: text, ...time }, pointer);
  });
  const reward =
    isRecord(sim.reward_info) && typeof sim.reward_info.reward === 'number'
      ? sim.reward_info.reward
      : undefined;
  const trial = typeof sim.trial === 'number' ? ` · trial ${sim.trial}` : '';
  const history: History = {
    id: str(sim.id ?? `simulation-${index}`),
    title: `Task ${str(sim.task_id)}${trial}`,
    format: 'tau-bench-runs',
    ...(model ? { model } : {}),
    steps: list.markFinal(),
    ...(reward === undefined ? {} : { outcome: `reward ${Number(reward.toFixed(4))}` }),
    ...(typeof sim.agent_cost === 'number' ? { usage: { costUsd: sim.agent_cost } } : {}),
    meta: {
      ...(typeof sim.termination_reason === 'string'
        ? { terminationReason: sim.termination_reason }
        : {}),
      ...(typeof sim.user_cost === 'number' ? { userCost: sim.user_cost } : {}),
      ...(userToolCalls > 0 ? { userToolCalls } : {}),
    },
  };
  return { history, warnings: list.warnings };
}

/** One history per simulation; the agent's model from `info.agent_info.llm`. */
export function importTau2(
  results: Tau2Results,
  fileName: string,
  places?: readonly Place[],
): { histories: History[]; warnings: ImportWarning[] } {
  const info = isRecord(results.info) ? results.info : {};
  const agent = isRecord(info.agent_info) ? info.agent_info : {};
  const model = typeof agent.llm === 'string' ? agent.llm : undefined;
  refuseTurnTakingOnly(results.simulations);
  return readRuns(
    results.simulations,
    (s, i) =>
      simulationHistory(s, i, places?.[i] ?? { file: fileName, base: `/simulations/${i}` }, model),
    (s, i) => runPlace(undefined, i, `task ${str(s.task_id)}`, 'simulation'),
    fileName,
    (i) => places?.[i]?.base ?? `/simulations/${i}`,
  );
}

const SIMULATION_FILE = /(^|\/)simulations\/[^/]+\.json$/;
const simulationFile = tau2Results.shape.simulations.element;

/**
 * A run stored as a folder (tau2 `Results` "dir" format, voice runs among them): `results.json`
 * with the run's `info` beside `simulations/<id>.json`, one simulation a file, in the order of the
 * results' own index (`simulations: [{id, …}]`) when it has one.
 */
export function tau2Folder(
  folder: FolderValue,
): { results: Tau2Results; places: Place[]; claimed: string[] } | undefined {
  const resultsPath = Object.keys(folder.files).find((p) => /(^|\/)results\.json$/.test(p));
  if (resultsPath === undefined) return undefined;
  const head = folder.files[resultsPath];
  if (!isRecord(head) || !isRecord(head.info)) return undefined;
  const files = folderFiles(folder, SIMULATION_FILE).flatMap(([path, v]) => {
    const simulation = parsedBy(simulationFile, v);
    return simulation ? [{ path, simulation }] : [];
  });
  if (files.length === 0) return undefined;
  const index = Array.isArray(head.simulations)
    ? head.simulations.filter(isRecord).map((e) => str(e.id ?? ''))
    : [];
  const rank = (v: unknown) => {
    const k = index.indexOf(isRecord(v) ? str(v.id ?? '') : '');
    return k < 0 ? index.length : k;
  };
  files.sort((a, b) => rank(a.simulation) - rank(b.simulation));
  return {
    results: { ...head, simulations: files.map(({ simulation }) => simulation) },
    places: files.map(({ path }) => ({ file: folder.name, base: folderPointer(path) })),
    claimed: [resultsPath, ...files.map(({ path }) => path)],
  };
}
