/**
 * The usage of each reply of a Cline or Roo Code task (cline.ts): the request it answers in
 * `ui_messages.json` (cline-ui.ts), else the reply's own `metrics`.
 */
import type { Usage } from '../model/types';
import { uiRequests, type UiMessage } from './cline-ui';
import type { ImportWarning } from './types';
import { withInputCounts } from './usage-conventions';
import { isRecord, usage } from './util';

type Message = Record<string, unknown>;

/** Cline 3.x's per-reply `metrics`: every prompt token (`prompt` + `cached`), output, cost. */
function metricsUsage(m: Message): Usage | undefined {
  const metrics = isRecord(m.metrics) ? m.metrics : undefined;
  const tokens = isRecord(metrics?.tokens) ? metrics.tokens : {};
  const prompt = typeof tokens.prompt === 'number' ? tokens.prompt : undefined;
  const cached = typeof tokens.cached === 'number' ? tokens.cached : 0;
  return withInputCounts(
    usage({
      inputTokens: prompt === undefined ? undefined : prompt + cached,
      outputTokens: tokens.completion,
      costUsd: metrics?.cost,
    }),
    'total',
  );
}

/**
 * Each reply's usage, by message index. With ui_messages.json: the request each reply answers. Roo
 * Code and Cline 3.x stamp messages (`ts`, ms): a reply answers the last request started after the
 * reply before it, so requests whose replies the file no longer holds (condensed away, or a panel
 * the history outlived) are not given to the wrong ones. Unstamped (Cline 3.0), in order. Without
 * ui_messages.json, the replies' own `metrics`.
 */
export function replyUsage(
  list: readonly Message[],
  ui: readonly UiMessage[] | undefined,
  warnings: ImportWarning[],
): Map<number, Usage> {
  const out = new Map<number, Usage>();
  const replies = list.flatMap((m, i) =>
    m.role === 'assistant' && m.isSummary !== true
      ? [{ i, m, ts: typeof m.ts === 'number' ? m.ts : undefined }]
      : [],
  );
  if (!ui) {
    for (const { i, m } of replies) {
      const u = metricsUsage(m);
      if (u) out.set(i, u);
    }
    return out;
  }
  const requests = uiRequests(ui);
  const stamped = replies.every((reply) => reply.ts !== undefined);
  let used = 0;
  let after = -Infinity;
  let k = 0;
  for (const { i, ts } of replies) {
    let r: (typeof requests)[number] | undefined;
    if (stamped && ts !== undefined) {
      for (let next = requests[k]; next !== undefined && next.ts <= ts; next = requests[++k])
        r = next;
      if (r && r.ts <= after) r = undefined;
      after = ts;
    } else r = requests[k++];
    if (r?.usage) out.set(i, r.usage);
    if (r) used++;
  }
  if (used !== requests.length || used !== replies.length)
    warnings.push({
      message: `ui_messages.json lists ${requests.length} model request(s) for ${replies.length} repl(ies) in the conversation; ${used} matched${stamped ? ' by time' : ' in order'}, the others' usage is not shown`,
    });
  return out;
}
