/**
 * The first run of a file that just loaded, put together from the worker's messages: `loaded` with
 * its first steps and how many follow, then `steps` messages (each one a short task to receive,
 * where the whole run in one message was one long one), every run's chars/4 counts with the last.
 * Each part's headlines are read as it arrives (kept per step: lib/model/headline.ts), so the
 * run's first render, which reads every step's for the totals, finds them made: 60 ms of a
 * 9,405-step run's first paint, spread over the tasks that receive it.
 */
import { headlineOf } from '../../lib/model/headline';
import type { History, Step } from '../../lib/model/types';
import type { LoadedFile } from '../../lib/state/debugger-store';
import type { Estimate } from '../../lib/tokens/step-tokens';
import type { WorkerResponse } from '../../lib/worker/protocol';

type Part = Extract<WorkerResponse, { type: 'loaded' | 'steps' }>;

export interface ArrivedRun {
  readonly file: LoadedFile;
  readonly first: History;
  readonly estimate: Estimate;
}

export class ArrivingRun {
  private pending?: {
    requestId: number;
    file: LoadedFile;
    first: History;
    steps: Step[];
    total: number;
    estimate?: Estimate;
  };

  /** Takes one message; gives the file, its first run and the estimate once the last step is in. */
  add(m: Part): ArrivedRun | undefined {
    if (m.type === 'loaded') {
      const file = { name: m.name, format: m.format, runs: m.runs, warnings: m.warnings };
      this.pending = {
        requestId: m.requestId,
        file,
        first: m.first,
        steps: [...m.first.steps],
        total: m.first.steps.length + m.more,
        estimate: m.estimate,
      };
    } else if (this.pending?.requestId === m.requestId) {
      for (const s of m.steps) this.pending.steps.push(s);
      if (m.estimate) this.pending.estimate = m.estimate;
    } else return undefined;
    for (const s of m.type === 'loaded' ? m.first.steps : m.steps) headlineOf(s);
    const p = this.pending;
    const estimate = p.estimate;
    if (p.steps.length < p.total || !estimate) return undefined;
    this.pending = undefined;
    return {
      file: p.file,
      first: p.steps.length === p.first.steps.length ? p.first : { ...p.first, steps: p.steps },
      estimate,
    };
  }
}
