/**
 * A plain OpenAI chat-completions messages array: system/user/assistant/tool, assistant `tool_calls`
 * with `arguments` as a JSON string, tool results linked by `tool_call_id`, parallel calls as several
 * entries. An assistant message is one action; a last assistant message without calls is final.
 */
import { z } from 'zod';
import type { ActionStep, History, JsonValue, Step } from '../model/types';
import { exchangeOf, type Exchange } from './exchange';
import { recordLines } from './read';
import { isRecord, parseArguments } from './util';
import { builtClean } from './sanitize';
import { defineImporter, type ImportWarning, NotThisFormat } from './types';

const toolCall = z.object({
  id: z.string(),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
const content = z.union([
  z.string(),
  z.null(),
  z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
]);
const message = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: content.optional(),
  tool_calls: z.array(toolCall).nullable().optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
});
export const openAIMessageSchema = message;
const messages = z.array(message).min(1);
type Message = z.infer<typeof message>;

// The roles compared one by one: a Set's lookup hashed each message's fresh role string.
const isRole = (r: string) =>
  r === 'assistant' || r === 'tool' || r === 'user' || r === 'system' || r === 'developer';
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

function isToolCall(c: unknown): boolean {
  return (
    isObject(c) &&
    typeof c.id === 'string' &&
    optionalString(c.type) &&
    isObject(c.function) &&
    typeof c.function.name === 'string' &&
    typeof c.function.arguments === 'string'
  );
}

const isContentBlock = (b: unknown) =>
  isObject(b) && typeof b.type === 'string' && optionalString(b.text);

/**
 * `message.safeParse(m).success` written out (property-tested equal): detection reads 20,000
 * messages this way in a tenth of zod's time. Unknown keys are left in place (zod strips them), and
 * the importer reads only the known ones.
 */
export function isOpenAIMessage(m: unknown): m is Message {
  if (!isObject(m) || typeof m.role !== 'string' || !isRole(m.role)) return false;
  const c = m.content;
  if (
    !(c === undefined || c === null || typeof c === 'string') &&
    !(Array.isArray(c) && c.every(isContentBlock))
  )
    return false;
  const calls = m.tool_calls;
  if (calls !== undefined && calls !== null && !(Array.isArray(calls) && calls.every(isToolCall)))
    return false;
  return optionalString(m.tool_call_id) && optionalString(m.name);
}

export const isOpenAIMessages = (value: unknown): value is Message[] =>
  Array.isArray(value) && value.length >= 1 && value.every(isOpenAIMessage);

/** A list this long is detected by a sample of its messages and checked whole as it is imported. */
const SAMPLED_FROM = 32;
const SAMPLE = 8;

/**
 * Whether a long list's sampled messages (spread over it, the first and last among them) are
 * OpenAI messages: when one is not, `isOpenAIMessages` says no too; when all are, the import checks
 * every message as it reads it (`check`) and throws `NotThisFormat` at the first that is not.
 */
function sampledOpenAIMessages(list: readonly unknown[]): list is Message[] {
  for (let k = 0; k < SAMPLE; k++)
    if (!isOpenAIMessage(list[Math.floor((k * (list.length - 1)) / (SAMPLE - 1))])) return false;
  return true;
}

function textOf(c: Message['content']): string {
  if (c === undefined || c === null) return '';
  if (typeof c === 'string') return c;
  return c.map((b) => b.text ?? `[${b.type}]`).join('\n');
}

/** A call as this import builds it: its result is filled in when its tool message comes. */
interface Call {
  readonly id: string;
  readonly name: string;
  readonly arguments: JsonValue;
  result?: string;
}

type ToolCallRecord = z.infer<typeof toolCall>;
type Source = { readonly format: string; readonly file: string; readonly pointer: string };
/** An action step this import built: its calls are its own objects, filled in place. */
type BuiltAction = ActionStep & { readonly toolCalls: Call[] };

/**
 * A step's id `m<i>` and its record's pointer `/<i>` in a list at the file's root, the same
 * strings for every import in the process: a fleet's runs share them instead of holding a copy
 * per step, and a large import allocates none of them in the young space JSON.parse leaves
 * nearly full (0.7 MB of the 52 MB history's 2.1 MB, with the number's own string: issue 26).
 */
const IDS: string[] = [];
const POINTERS: string[] = [];

/** `m<i>` (the lists grow in order, without holes). */
function idAt(i: number): string {
  while (IDS.length <= i) IDS.push(`m${IDS.length}`);
  return IDS[i]!;
}

/** `/<i>`. */
function pointerAt(i: number): string {
  while (POINTERS.length <= i) POINTERS.push(`/${POINTERS.length}`);
  return POINTERS[i]!;
}

/** A step's source (built only for messages that become steps). */
function sourceAt(source: Source, i: number, lines: readonly number[] | undefined) {
  const line = lines?.[i];
  const pointer = source.pointer === '' ? pointerAt(i) : `${source.pointer}/${i}`;
  return line === undefined
    ? { format: source.format, file: source.file, pointer }
    : { format: source.format, file: source.file, pointer, line };
}

/** The call of a tool-call record, with the result at its position in `this` when one came. */
function callAt(this: readonly (string | undefined)[], c: ToolCallRecord, k: number): Call {
  const result = this[k];
  const args = parseArguments(c.function.arguments);
  return result === undefined
    ? { id: c.id, name: c.function.name, arguments: args }
    : { id: c.id, name: c.function.name, arguments: args, result };
}

/**
 * Adds an assistant message's step, built once the tool messages after it have given their
 * results (`results`, by call position), and gives its calls (set in `callsById` when it exists).
 * A call built before its result came got the `result` key added later: a property store per
 * call (10,607 in the 52 MB history) in the young space JSON.parse leaves nearly full. The steps
 * and calls themselves V8 allocates in old space once their allocation sites are seen to outlive
 * a scavenge (allocation-site pretenuring). With the ids and pointers kept (`idAt`), the import's
 * young-space allocation fell from 3.3 to 1.4 MB, under the 2.7 MB JSON.parse of that history
 * leaves free: no scavenge of the parsed value's tail (issue 26).
 */
function pushStep(
  steps: Step[],
  i: number,
  source: Source,
  lines: readonly number[] | undefined,
  text: string,
  calls: readonly ToolCallRecord[],
  results: readonly (string | undefined)[],
  callsById: Map<string, Call[]> | undefined,
): Call[] {
  // (map: no growing of a list pushed to)
  const toolCalls = calls.map(callAt, results);
  const stepNumber = steps.length;
  const step: BuiltAction = text
    ? {
        id: idAt(i),
        stepNumber,
        source: sourceAt(source, i, lines),
        kind: 'action',
        toolCalls,
        isFinal: false,
        modelOutput: text,
      }
    : {
        id: idAt(i),
        stepNumber,
        source: sourceAt(source, i, lines),
        kind: 'action',
        toolCalls,
        isFinal: false,
      };
  steps.push(step);
  for (let k = 0; callsById && k < toolCalls.length; k++)
    callsById.set(toolCalls[k]!.id, toolCalls);
  return toolCalls;
}

/** Whether two of the calls share an id (a step makes a few: compared pairwise, no Set). */
function sharesId(calls: readonly { readonly id: string }[]): boolean {
  for (let a = 1; a < calls.length; a++)
    for (let b = 0; b < a; b++) if (calls[a]!.id === calls[b]!.id) return true;
  return false;
}

/** The first call with the id (still `waiting` for its result, when asked), or -1. */
function indexOfCall(calls: readonly Call[], id: string, waiting: boolean): number {
  for (let k = 0; k < calls.length; k++) {
    const c = calls[k]!;
    if (c.id === id && (!waiting || c.result === undefined)) return k;
  }
  return -1;
}

/** `indexOfCall` over tool-call records whose results so far are `results`, by position. */
function indexOfRecord(
  calls: readonly ToolCallRecord[],
  results: readonly (string | undefined)[],
  id: string,
  waiting: boolean,
): number {
  for (let k = 0; k < calls.length; k++)
    if (calls[k]!.id === id && (!waiting || results[k] === undefined)) return k;
  return -1;
}

/** The last call with the id. */
function lastCall(calls: readonly Call[], id: string): Call | undefined {
  for (let k = calls.length - 1; k >= 0; k--) if (calls[k]!.id === id) return calls[k];
  return undefined;
}

const builtAction = (s: Step): s is BuiltAction => s.kind === 'action';

const answeredTwice = (i: number, callId: string) =>
  `tool message ${i} answers call ${callId}, which already has a result; added to it`;

export function importOpenAIMessages(
  list: readonly Message[],
  source: Source,
  records?: readonly unknown[],
  /** Check each message first (detection sampled the list): `NotThisFormat` when one is not. */
  check = false,
) {
  const steps: Step[] = [];
  const warnings: ImportWarning[] = [];
  // Ids m0, m1, … are unique, and no step has usage or a model: clean unless two calls share an id.
  let clean = true;
  // The assistant message with calls whose step is not built yet (-1: none), its text and calls,
  // and the results the tool messages after it gave so far, by call position (one list reused):
  // its step is built with them when a message that is not one of its results comes (issue 26).
  let pending = -1;
  let pendingText = '';
  let pendingCalls: readonly ToolCallRecord[] = [];
  const results: (string | undefined)[] = [];
  // The calls of the last step built with calls: a result answers the last step's calls as a
  // rule, so the map from ids is built only when one does not (10,607 ids hashed and stored for
  // nothing in the 52 MB history: issue 26).
  let last: Call[] | undefined;
  let callsById: Map<string, Call[]> | undefined;
  const lines = records ? recordLines(records) : undefined;
  // Each step is one object literal with the keys in the order `actionDraft` gives them (exports
  // and golden files keep key order), not spreads of a base and a draft: 20,000 messages make
  // 20,000 steps, and spreading made most of this import's time (22 ms of CPU against 6 here).
  // Indexed loops, not for…of or forEach: their iterators and closures were a quarter of what this
  // import allocated after JSON.parse of the 52 MB history, and any allocation past the ~2.7 MB
  // JSON.parse leaves free in young space costs a scavenge of the parsed value's tail (issue 26).
  // A step's id is made in the branches that make a step: a tool result (half the list) makes none.
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    if (check && !isOpenAIMessage(m)) throw new NotThisFormat();
    const callId = m.role === 'tool' ? m.tool_call_id : undefined;
    // A result of the pending step's calls (the rule): kept for its step.
    if (pending !== -1 && callId !== undefined) {
      const k = indexOfRecord(pendingCalls, results, callId, true);
      if (k !== -1) {
        results[k] = textOf(m.content);
        continue;
      }
      if (indexOfRecord(pendingCalls, results, callId, false) !== -1) {
        // Every call with the id has its result: added to the last one's, never lost.
        warnings.push({ message: answeredTwice(i, callId), pointer: `${source.pointer}/${i}` });
        for (let j = pendingCalls.length - 1; j >= 0; j--)
          if (pendingCalls[j]!.id === callId) {
            results[j] = `${results[j] ?? ''}\n${textOf(m.content)}`;
            break;
          }
        continue;
      }
    }
    if (pending !== -1) {
      last = pushStep(steps, pending, source, lines, pendingText, pendingCalls, results, callsById);
      pending = -1;
    }
    const text = textOf(m.content);
    const role = m.role;
    if (role === 'system' || role === 'developer')
      steps.push({
        id: idAt(i),
        stepNumber: steps.length,
        source: sourceAt(source, i, lines),
        kind: 'system-prompt',
        content: text,
      });
    else if (role === 'user')
      steps.push({
        id: idAt(i),
        stepNumber: steps.length,
        source: sourceAt(source, i, lines),
        kind: 'task',
        task: text,
      });
    else if (role === 'assistant') {
      const calls = m.tool_calls ?? [];
      // Two calls of one step with one id: sanitize renames the later one (and says so).
      if (clean && sharesId(calls)) clean = false;
      if (calls.length === 0) pushStep(steps, i, source, lines, text, calls, results, undefined);
      else {
        pending = i;
        pendingText = text;
        pendingCalls = calls;
        for (let k = 0; k < calls.length; k++) results[k] = undefined;
      }
    } else {
      let calls: Call[] | undefined;
      if (callId !== undefined) {
        // The last step's calls as a rule; the map from ids only when not (see `callsById`).
        if (last && indexOfCall(last, callId, false) !== -1) calls = last;
        else {
          if (!callsById) {
            callsById = new Map();
            for (const s of steps)
              if (builtAction(s)) for (const c of s.toolCalls) callsById.set(c.id, s.toolCalls);
          }
          calls = callsById.get(callId);
        }
      }
      // (`calls` is found only for a call id.)
      if (!calls || callId === undefined) {
        warnings.push({
          message: `tool message ${i} answers no earlier tool call (${callId ?? 'no id'}); kept as an observation`,
          pointer: `${source.pointer}/${i}`,
        });
        steps.push({
          id: idAt(i),
          stepNumber: steps.length,
          source: sourceAt(source, i, lines),
          kind: 'action',
          toolCalls: [],
          isFinal: false,
          observation: text,
        });
        continue;
      }
      // Two calls with one id, or two results for one call: each result goes to the first call still
      // waiting for it, and a result for a call already answered is added to its result, never lost.
      const waiting = indexOfCall(calls, callId, true);
      if (waiting === -1)
        warnings.push({ message: answeredTwice(i, callId), pointer: `${source.pointer}/${i}` });
      // The step's calls are this import's own objects, not yet handed out: filled in place.
      const call = waiting === -1 ? lastCall(calls, callId) : calls[waiting];
      if (call) call.result = call.result === undefined ? text : `${call.result}\n${text}`;
    }
  }
  if (pending !== -1)
    pushStep(steps, pending, source, lines, pendingText, pendingCalls, results, callsById);
  // The last assistant message without tool calls is the answer (seed 000: `is_final=True`).
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i];
    if (s?.kind === 'action') {
      if (s.toolCalls.length === 0) steps[i] = { ...s, isFinal: true };
      break;
    }
  }
  return { steps, warnings, clean };
}

/** The response's step: where it is in the file, and the call's usage and cost. */
function withReply(steps: Step[], index: number, exchange: Exchange): Step[] {
  return steps.map((s) =>
    s.id === `m${index}` && s.kind === 'action'
      ? {
          ...s,
          ...(s.source ? { source: { ...s.source, pointer: exchange.replyPointer } } : {}),
          ...(exchange.usage ? { usage: exchange.usage } : {}),
        }
      : s,
  );
}

export const openAIMessagesImporter = defineImporter({
  id: 'openai-messages',
  label: 'OpenAI chat messages',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return (
        'tool_calls' in f ||
        'tool_call_id' in f ||
        (Array.isArray(v) &&
          v.some((m) => isRecord(m) && ('tool_calls' in m || 'tool_call_id' in m)))
      );
    },
    schema: messages,
  },
  // A message list, or a Chat Completions request body `{model, messages, tools}` (a proxy's or a
  // debug log's record of one call, which carries the whole conversation so far).
  // A request and its response (a proxy's or LiteLLM's log of one call: exchange.ts) is that call.
  detect: (value) => {
    // A long list is sampled here and checked whole by the import (one walk over 20,000 messages,
    // not two; the registry goes on detecting when the import finds one that is not a message).
    // Only a record (not a list) can be a request or an exchange, below.
    if (Array.isArray(value) && value.length >= SAMPLED_FROM)
      return sampledOpenAIMessages(value) ? { list: value, check: true } : undefined;
    if (isOpenAIMessages(value)) return { list: value };
    const exchange = exchangeOf(value);
    if (
      exchange?.api === 'openai' &&
      isOpenAIMessages(exchange.request.messages) &&
      isOpenAIMessage(exchange.reply)
    )
      return {
        list: [...exchange.request.messages, exchange.reply],
        body: exchange.request,
        exchange,
      };
    return isRecord(value) && isOpenAIMessages(value.messages)
      ? { list: value.messages, body: value }
      : undefined;
  },
  import(
    {
      list,
      body,
      exchange,
      check,
    }: { list: Message[]; body?: Record<string, unknown>; exchange?: Exchange; check?: boolean },
    fileName,
    raw,
  ) {
    // The records whose lines the steps are at: the file's list, or the request's.
    const records = body ? body.messages : raw;
    const imported = importOpenAIMessages(
      list,
      {
        format: 'openai-messages',
        file: fileName,
        pointer: body ? `${exchange?.requestPointer ?? ''}/messages` : '',
      },
      Array.isArray(records) ? records : undefined,
      check,
    );
    const { warnings } = imported;
    const steps = exchange ? withReply(imported.steps, list.length - 1, exchange) : imported.steps;
    // A reply's usage is a file's numbers, which sanitize checks.
    if (!exchange && imported.clean) builtClean(steps);
    const model = exchange?.model ?? (typeof body?.model === 'string' ? body.model : undefined);
    const tools = Array.isArray(body?.tools) ? body.tools.length : undefined;
    const history: History = {
      id: fileName,
      title: fileName,
      format: 'openai-messages',
      ...(model ? { model } : {}),
      steps,
      ...(tools === undefined ? {} : { meta: { tools } }),
    };
    return { file: { histories: [history] }, warnings };
  },
});
