/**
 * Cline's (and Roo Code's) `ui_messages.json`: what the panel showed, one `ClineMessage` per record
 * (Cline src/shared/ExtensionMessage.ts): `{ts, type: "say" | "ask", say?, ask?, text?, images?,
 * partial?, conversationHistoryIndex?, modelInfo?}`. Each model request is a `say: api_req_started`
 * whose `text` is JSON (`ClineApiReqInfo`): the `request` sent (the user turn's text blocks joined,
 * tool results first) and, once it finished, `tokensIn`, `tokensOut`, `cacheWrites`, `cacheReads`
 * and `cost`. Part of the Cline importer (cline.ts); the panel read alone is cline-ui-steps.ts.
 */
import { z } from 'zod';
import type { Usage } from '../model/types';
import { parseEmbeddedJson } from './json-text';
import { resultHeader } from './cline-results';
import { withInputCounts } from './usage-conventions';
import { isRecord, usage } from './util';

export const uiMessage = z
  .object({
    ts: z.number(),
    type: z.enum(['say', 'ask']),
    say: z.string().optional(),
    ask: z.string().optional(),
    text: z.string().nullish(),
  })
  .passthrough();
export const uiMessages = z.array(uiMessage).min(1);
export type UiMessage = z.infer<typeof uiMessage>;

/** The JSON an ui record's `text` holds (api_req_started, tool, followup…), or undefined. */
export function uiJson(m: UiMessage): Record<string, unknown> | undefined {
  if (typeof m.text !== 'string' || !m.text.trimStart().startsWith('{')) return undefined;
  const v = parseEmbeddedJson(m.text);
  return isRecord(v) ? v : undefined;
}

export interface UiRequest {
  readonly index: number;
  readonly ts: number;
  readonly usage?: Usage;
  readonly request?: string;
}

/** Each `api_req_started`, in order, with its usage (Cline src/core/task/index.ts). */
export function uiRequests(ui: readonly UiMessage[]): UiRequest[] {
  return ui.flatMap((m, index) => {
    if (m.say !== 'api_req_started') return [];
    const info = uiJson(m) ?? {};
    // tokensIn beside cacheWrites and cacheReads, as Anthropic reports input; Cline's own cost
    // (calculateApiCostAnthropic) counts the three apart. Roo Code records the request's
    // `apiProtocol`: for "openai" its tokensIn is the whole prompt, cache reads inside it (Roo's
    // providers pass `apiProtocol === "anthropic" ? nonCached : promptTokens`, and its cost is then
    // calculateApiCostOpenAI's).
    const u = withInputCounts(
      usage({
        inputTokens: info.tokensIn,
        outputTokens: info.tokensOut,
        cacheReadInputTokens: info.cacheReads,
        cacheCreationInputTokens: info.cacheWrites,
        costUsd: info.cost,
      }),
      info.apiProtocol === 'openai' ? 'total' : 'uncached',
    );
    return [
      {
        index,
        ts: m.ts,
        ...(u ? { usage: u } : {}),
        ...(typeof info.request === 'string' ? { request: info.request } : {}),
      },
    ];
  });
}

export type RequestPart =
  | { readonly kind: 'result'; readonly name: string; readonly output: string }
  | { readonly kind: 'not-run'; readonly name: string; readonly text: string }
  | { readonly kind: 'other'; readonly text: string };

/** Where a joined user turn's blocks may start (Cline joins them with a blank line). */
const PART =
  /(?:^|\n\n)(?=\[[a-z_][a-z0-9_.:-]*[\] ]|Tool \[|Skipping tool \[|<environment_details>|# task_progress|# TODO LIST|# Todo List|\[TASK RESUMPTION\]|The user provided|<feedback>|\[ERROR\] )/g;
const NOT_RUN = /^(?:Tool|Skipping tool) \[([A-Za-z_][\w.:-]*)[\] ]/;

/**
 * A request's text cut into the results it carries and the rest: each part runs to the next place a
 * block may start. A `[` that begins no result header (a numbered list in an output) is no start.
 */
export function requestParts(request: string): RequestPart[] {
  const starts = [...request.matchAll(PART)].map((m) => m.index + (m[0].startsWith('\n') ? 2 : 0));
  if (starts[0] !== 0) starts.unshift(0);
  const parts: RequestPart[] = [];
  for (let k = 0; k < starts.length; k++) {
    const text = request.slice(starts[k], starts[k + 1] ?? request.length);
    const header = resultHeader(text);
    const notRun = NOT_RUN.exec(text)?.[1];
    const last = parts.at(-1);
    if (header)
      parts.push({
        kind: 'result',
        name: header.name,
        output: header.output.replace(/^\n/, '').trimEnd(),
      });
    else if (notRun !== undefined)
      parts.push({ kind: 'not-run', name: notRun, text: text.trimEnd() });
    else if (text.startsWith('[') && last && last.kind !== 'other')
      // Not a block of its own: the previous part goes on.
      parts[parts.length - 1] =
        last.kind === 'result'
          ? { ...last, output: `${last.output}\n\n${text.trimEnd()}` }
          : { ...last, text: `${last.text}\n\n${text.trimEnd()}` };
    else parts.push({ kind: 'other', text: text.trimEnd() });
  }
  return parts.filter((p) => p.kind !== 'other' || p.text.trim() !== '');
}
