/** fast-check generators of histories that look like real agent runs (parallel calls, errors, tasks). */
import fc from 'fast-check';
import type { JsonValue, Step, StepDraft, ToolCall } from '../lib/model/types';

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.lorem({ maxCount: 30 }),
  fc.constantFrom(
    'line one\nline two\nline three',
    'emoji 🎉🎉 and 中文',
    '<|endoftext|> special',
    'x'.repeat(600),
  ),
);
const args: fc.Arbitrary<JsonValue> = fc.dictionary(
  fc.constantFrom('path', 'q', 'n'),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer()),
  { maxKeys: 2 },
);

type Draft =
  | { kind: 'task'; task: string }
  | {
      kind: 'action';
      text: string;
      calls: { name: string; args: JsonValue; result: string; isError: boolean }[];
      error: string | null;
      observation: string | null;
      isFinal: boolean;
    }
  | { kind: 'final-answer'; answer: string }
  | { kind: 'scratchpad'; content: string }
  | { kind: 'planning'; plan: string };

const action = fc.record({
  kind: fc.constant('action' as const),
  text,
  calls: fc.array(
    fc.record({
      name: fc.constantFrom('search', 'read_file', 'bash'),
      args,
      result: text,
      isError: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  error: fc.option(text, { freq: 6 }),
  observation: fc.option(text, { freq: 6 }),
  isFinal: fc.boolean(),
});

const draft: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 8, arbitrary: action },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('task' as const), task: text }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('final-answer' as const), answer: text }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('scratchpad' as const), content: text }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('planning' as const), plan: text }) },
);

function build(drafts: Draft[], withSystem: boolean): Step[] {
  const steps: Step[] = [];
  const push = (s: StepDraft) => {
    const n = steps.length;
    steps.push({ ...s, id: `s${n}`, stepNumber: n } as Step);
  };
  if (withSystem) push({ kind: 'system-prompt', content: 'You are a helpful agent.' });
  push({ kind: 'task', task: 'Find the answer.' });
  for (const d of drafts) {
    if (d.kind === 'action') {
      const n = steps.length;
      const toolCalls: ToolCall[] = d.calls.map((c, i) => ({
        id: `call_${n}_${i}`,
        name: c.name,
        arguments: c.args,
        result: c.result,
        ...(c.isError ? { isError: true } : {}),
      }));
      const a: StepDraft = {
        kind: 'action',
        modelOutput: d.text,
        toolCalls,
        isFinal: d.isFinal && toolCalls.length === 0,
        ...(d.error ? { error: d.error } : {}),
        ...(d.observation && toolCalls.length === 0 ? { observation: d.observation } : {}),
      };
      push(a);
    } else if (d.kind === 'scratchpad')
      push({ kind: 'scratchpad', content: d.content, modelOutput: `noting ${d.content}` });
    else if (d.kind === 'planning') push({ kind: 'planning', plan: d.plan });
    else if (d.kind === 'task') push({ kind: 'task', task: d.task });
    else push({ kind: 'final-answer', answer: d.answer });
  }
  return steps;
}

export const stepsArb = (maxLength = 40): fc.Arbitrary<Step[]> =>
  fc.tuple(fc.array(draft, { maxLength }), fc.boolean()).map(([d, sys]) => build(d, sys));

/**
 * Plan-aligned histories (seed 003): from some step on, steps carry plan-step ids that advance at
 * random points; planning steps list the plan's items with statuses; some steps have no id and
 * join the plan step before them.
 */
export const plannedStepsArb = (maxLength = 30): fc.Arbitrary<Step[]> =>
  fc
    .tuple(
      stepsArb(maxLength),
      fc.nat(),
      fc.array(fc.constantFrom('advance', 'stay', 'none'), {
        minLength: maxLength + 3,
        maxLength: maxLength + 3,
      }),
      fc.array(fc.constantFrom('pending', 'in_progress', 'done'), { minLength: 4, maxLength: 4 }),
    )
    .map(([steps, start, moves, statuses]) => {
      let plan = 1;
      const from = steps.length === 0 ? 0 : start % steps.length;
      return steps.map((s, i): Step => {
        let out: Step = s;
        if (s.kind === 'planning') {
          out = {
            ...s,
            planItems: [1, 2, 3, 4].map((n) => ({
              id: `p${n}`,
              title: `Plan item ${n} (v${i})`,
              status: statuses[n - 1] as 'pending',
            })),
          };
        }
        if (i < from) return out;
        const move = moves[i];
        if (move === 'advance') plan = Math.min(plan + 1, 4);
        return move === 'none' ? out : { ...out, planStepId: `p${plan}` };
      });
    });
