/**
 * The first run of a file that just loaded, put together from the worker's messages: `loaded` with
 * its first steps and how many follow, then `steps` messages (each one a short task to receive,
 * where the whole run in one message was one long one).
 */
import type { History, Step } from '../../lib/model/types';
import type { LoadedFile } from '../../lib/state/debugger-store';
import type { WorkerResponse } from '../../lib/worker/protocol';

type Part = Extract<WorkerResponse, { type: 'loaded' | 'steps' }>;

export class ArrivingRun {
  private pending?: {
    requestId: number;
    file: LoadedFile;
    first: History;
    steps: Step[];
    total: number;
  };

  /** Takes one message; gives the file and its first run once the last of its steps is in. */
  add(m: Part): { file: LoadedFile; first: History } | undefined {
    if (m.type === 'loaded') {
      const file = { name: m.name, format: m.format, runs: m.runs, warnings: m.warnings };
      this.pending = {
        requestId: m.requestId,
        file,
        first: m.first,
        steps: [...m.first.steps],
        total: m.first.steps.length + m.more,
      };
    } else if (this.pending?.requestId === m.requestId) {
      for (const s of m.steps) this.pending.steps.push(s);
    } else return undefined;
    const p = this.pending;
    if (p.steps.length < p.total) return undefined;
    this.pending = undefined;
    return {
      file: p.file,
      first: p.steps.length === p.first.steps.length ? p.first : { ...p.first, steps: p.steps },
    };
  }
}
