/**
 * A long history made of real content: the tau-bench grok-3 benchmark file (115 real runs,
 * ../shared/fixtures/openai-chat) imported run by run and laid end to end, each run's user turns
 * becoming follow-up tasks, until the history holds the requested number of model calls.
 */
import { readFileSync } from 'node:fs';
import { importOpenAIMessages } from '../lib/import/openai-messages';
import { isModelCall } from '../lib/model/steps';
import type { Step } from '../lib/model/types';

const FIXTURE = new URL(
  '../test/fixtures/real/openai-chat/tau-bench__tool-calling-grok-3.json',
  import.meta.url,
);

export function realRuns(): Step[][] {
  const runs = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { traj: never[] }[];
  return runs.map(
    (r, i) =>
      importOpenAIMessages(r.traj, {
        format: 'openai-messages',
        file: 'tau-bench',
        pointer: `/${i}/traj`,
      }).steps,
  );
}

export function longHistory(calls: number): Step[] {
  const runs = realRuns();
  const out: Step[] = [];
  let modelCalls = 0;
  for (let round = 0; modelCalls < calls; round++) {
    for (const [r, run] of runs.entries()) {
      for (const s of run) {
        if (s.kind === 'system-prompt' && out.length > 0) continue;
        if (isModelCall(s) && modelCalls >= calls) return out;
        if (isModelCall(s)) modelCalls++;
        const id = `${round}.${r}.${s.id}`;
        const step =
          s.kind === 'action'
            ? { ...s, toolCalls: s.toolCalls.map((c) => ({ ...c, id: `${round}.${r}.${c.id}` })) }
            : s;
        out.push({ ...step, id, stepNumber: out.length });
      }
    }
  }
  return out;
}
