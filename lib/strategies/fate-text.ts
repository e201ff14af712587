/**
 * Whether a variant's text differs from its step's (`stepText`, lib/model/steps.ts), decided
 * without rendering either where the variant's shape allows: a first apply on 100,000 steps spent
 * most of its time rendering both texts of every changed step only to compare them (issue 26).
 *
 * `stepText` joins non-empty lines with newlines: the assistant text, one line per call, one per
 * result, the observation, the error; each line present unless its part is omitted. So:
 * - a variant that only omits more parts (`omitParts`) has a different text exactly when one of the
 *   parts it adds renders a line in the step: dropping non-empty lines from a join always shortens
 *   it (each removes its length and a newline, the last one its whole length);
 * - a variant that only replaces some calls (same ids and names, the same lines present) has a
 *   different text when the lines it changes change the text's length; equal lengths are compared
 *   by rendering.
 * Anything else is undecided (undefined): the caller renders and compares.
 */
import { assistantText, formatArgs, isOmitted, primaryText } from '../model/steps';
import type { ActionStep, Step, ToolCall } from '../model/types';

export function textChanged(step: Step, out: Step): boolean | undefined {
  if (step.kind !== out.kind) return undefined;
  const a = step as unknown as Readonly<Record<string, unknown>>;
  const b = out as unknown as Readonly<Record<string, unknown>>;
  let calls = false;
  for (const key in b) {
    if (key === 'omitted' || a[key] === b[key]) continue;
    if (key === 'toolCalls') calls = true;
    else return undefined;
  }
  for (const key in a) if (key !== 'omitted' && !(key in b)) return undefined;
  const was = step.omitted ?? NONE;
  const now = out.omitted ?? NONE;
  if (was !== now) {
    // `now` holds every part `was` holds: the parts it adds.
    for (const p of was) if (!now.includes(p)) return undefined;
    let added = false;
    let renders = false;
    for (const p of now) {
      if (was.includes(p)) continue;
      added = true;
      if (!renders) renders = rendersLine(step, p);
    }
    if (added) return calls ? undefined : renders;
  }
  if (!calls || step.kind !== 'action' || out.kind !== 'action') return undefined;
  return callsChangeLength(step, out);
}

const NONE: readonly string[] = [];

/** The step's text shows a line for this part (the part itself not omitted). */
function rendersLine(step: Step, part: string): boolean {
  if (step.kind !== 'action') return part === 'content' && primaryText(step) !== '';
  if (part === 'thought') return assistantText(step) !== '';
  if (part === 'observation') return Boolean(step.observation);
  if (part === 'error') return Boolean(step.error);
  if (part.startsWith('call:')) return step.toolCalls.some((c) => `call:${c.id}` === part);
  if (part.startsWith('result:'))
    return step.toolCalls.some((c) => c.result !== undefined && `result:${c.id}` === part);
  return false;
}

/** True when the replaced calls change the text's length; undefined when they do not (or differ in shape). */
function callsChangeLength(step: ActionStep, out: ActionStep): boolean | undefined {
  if (step.toolCalls.length !== out.toolCalls.length) return undefined;
  let delta = 0;
  for (let i = 0; i < step.toolCalls.length; i++) {
    const a = step.toolCalls[i] as ToolCall;
    const b = out.toolCalls[i] as ToolCall;
    if (a === b) continue;
    if (a.id !== b.id || a.name !== b.name) return undefined;
    if (!isOmitted(step, `call:${a.id}`) && a.arguments !== b.arguments)
      delta += formatArgs(b.arguments).length - formatArgs(a.arguments).length;
    if (isOmitted(step, `result:${a.id}`)) continue;
    // The same lines present: a result line appearing or going changes their count.
    if ((a.result === undefined) !== (b.result === undefined)) return undefined;
    if (a.result !== undefined && b.result !== undefined)
      delta += resultLength(b) - resultLength(a);
  }
  return delta !== 0 ? true : undefined;
}

/** `← ${isError ? 'Error: ' : ''}${result}`'s length. */
const resultLength = (c: ToolCall) => 2 + (c.isError ? 7 : 0) + (c.result as string).length;
