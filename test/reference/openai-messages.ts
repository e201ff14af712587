/**
 * The OpenAI chat import's step building and its tool arguments' parse as they were before issue 26's
 * fourth round (indexed loops, calls mapped, arguments not walked twice): the spec its faster
 * version is property-tested against (test/openai-import.property.test.ts).
 */
import type { JsonValue, Step } from '../../lib/model/types';
import { isJsonValue } from '../../lib/import/guards';
import { scanValue } from '../../lib/import/json-depth';
import { hasUnsafeInteger } from '../../lib/import/json-digits';
import { isOpenAIMessage } from '../../lib/import/openai-messages';
import { recordLines } from '../../lib/import/read';
import { keptArguments } from '../../lib/import/util';
import { type ImportWarning, NotThisFormat } from '../../lib/import/types';

/** An OpenAI chat message as the importer reads it. */
type Message = {
  role: string;
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; function: { name: string; arguments: string } }[] | null;
  tool_call_id?: string;
};

/** Tool arguments as JSON when a string holds JSON, else the string itself (the previous parse). */
export function parseArgumentsReference(raw: unknown): JsonValue {
  if (typeof raw !== 'string') return keptArguments(raw);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  const scan = scanValue(value);
  return scan.deep || (scan.big && hasUnsafeInteger(raw)) || !isJsonValue(value) ? raw : value;
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

export function importOpenAIMessagesReference(
  list: readonly Message[],
  source: { format: string; file: string; pointer: string },
  records?: readonly unknown[],
  /** Check each message first (detection sampled the list): `NotThisFormat` when one is not. */
  check = false,
) {
  const steps: Step[] = [];
  const warnings: ImportWarning[] = [];
  // Ids m0, m1, … are unique, and no step has usage or a model: clean unless two calls share an id.
  let clean = true;
  // The calls of the last step that made each call id (this import's own objects, not yet handed
  // out): a result answers the last step's calls as a rule, so the map from ids is built only when
  // one does not (10,607 ids hashed and stored for nothing in the 52 MB history: issue 26).
  const callLists: Call[][] = [];
  let callsById: Map<string, Call[]> | undefined;
  const callsOf = (callId: string): Call[] | undefined => {
    const last = callLists.at(-1);
    if (last) for (const c of last) if (c.id === callId) return last;
    if (!callsById) {
      callsById = new Map();
      for (const calls of callLists) for (const c of calls) callsById.set(c.id, calls);
    }
    return callsById.get(callId);
  };
  const lines = records ? recordLines(records) : undefined;
  // A step's source (built only for messages that become steps).
  const sourceAt = (i: number) => {
    const line = lines?.[i];
    const pointer = `${source.pointer}/${i}`;
    return line === undefined
      ? { format: source.format, file: source.file, pointer }
      : { format: source.format, file: source.file, pointer, line };
  };
  // Each step is one object literal with the keys in the order `actionDraft` gives them (exports
  // and golden files keep key order), not spreads of a base and a draft: 20,000 messages make
  // 20,000 steps, and spreading made most of this import's time (22 ms of CPU against 6 here).
  list.forEach((m, i) => {
    if (check && !isOpenAIMessage(m)) throw new NotThisFormat();
    const text = textOf(m.content);
    const id = `m${i}`;
    if (m.role === 'system' || m.role === 'developer')
      steps.push({
        id,
        stepNumber: steps.length,
        source: sourceAt(i),
        kind: 'system-prompt',
        content: text,
      });
    else if (m.role === 'user')
      steps.push({ id, stepNumber: steps.length, source: sourceAt(i), kind: 'task', task: text });
    else if (m.role === 'assistant') {
      const calls: Call[] = [];
      for (const c of m.tool_calls ?? [])
        calls.push({
          id: c.id,
          name: c.function.name,
          arguments: parseArgumentsReference(c.function.arguments),
        });
      if (calls.length > 0) {
        callLists.push(calls);
        for (const c of calls) callsById?.set(c.id, calls);
      }
      // Two calls of one step with one id: sanitize renames the later one (and says so).
      if (calls.length > 1 && new Set(calls.map((c) => c.id)).size < calls.length) clean = false;
      const stepNumber = steps.length;
      steps.push(
        text
          ? {
              id,
              stepNumber,
              source: sourceAt(i),
              kind: 'action',
              toolCalls: calls,
              isFinal: false,
              modelOutput: text,
            }
          : {
              id,
              stepNumber,
              source: sourceAt(i),
              kind: 'action',
              toolCalls: calls,
              isFinal: false,
            },
      );
    } else {
      const calls = m.tool_call_id === undefined ? undefined : callsOf(m.tool_call_id);
      if (!calls) {
        warnings.push({
          message: `tool message ${i} answers no earlier tool call (${m.tool_call_id ?? 'no id'}); kept as an observation`,
          pointer: `${source.pointer}/${i}`,
        });
        steps.push({
          id,
          stepNumber: steps.length,
          source: sourceAt(i),
          kind: 'action',
          toolCalls: [],
          isFinal: false,
          observation: text,
        });
        return;
      }
      // Two calls with one id, or two results for one call: each result goes to the first call still
      // waiting for it, and a result for a call already answered is added to its result, never lost.
      let waiting: Call | undefined;
      for (const c of calls)
        if (c.id === m.tool_call_id && c.result === undefined) {
          waiting = c;
          break;
        }
      const call = waiting ?? calls.findLast((c) => c.id === m.tool_call_id);
      if (!waiting)
        warnings.push({
          message: `tool message ${i} answers call ${m.tool_call_id ?? ''}, which already has a result; added to it`,
          pointer: `${source.pointer}/${i}`,
        });
      // The step's calls are this import's own objects, not yet handed out: filled in place.
      if (call) call.result = call.result === undefined ? text : `${call.result}\n${text}`;
    }
  });
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
