import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchema, SCHEMAS } from '../../scripts/generate-schemas';
import { stepsArb } from '../../test/arbitraries';
import type { History, HistoryFile, Step } from '../model/types';
import { parseNative, serializeNative, stepFromDict, stepToDict } from './native';

/** Decorates generated steps with every optional field the format carries. */
const richStep = (
  step: Step,
  extra: { ts: number | null; plan: string | null; usage: boolean; omit: boolean },
): Step => {
  let s: Step = {
    ...step,
    source: {
      format: 'test',
      file: 'f.json',
      line: step.stepNumber + 1,
      pointer: `/${step.stepNumber}`,
    },
  };
  if (extra.ts !== null) s = { ...s, timestamp: extra.ts };
  if (extra.plan !== null) s = { ...s, planStepId: extra.plan };
  if (extra.omit) s = { ...s, omitted: ['thought'] };
  if (extra.usage && s.kind === 'action')
    s = {
      ...s,
      usage: { inputTokens: 10, outputTokens: 3, costUsd: 0.001 },
      durationMs: 1200,
      model: 'gpt-4o',
    };
  if (s.kind === 'planning')
    s = {
      ...s,
      planItems: [
        { id: '1', title: 'Look', status: 'done' },
        { id: '2', title: 'Answer' },
      ],
    };
  return s;
};

const extrasArb = fc.record({
  ts: fc.option(fc.double({ min: 1.6e9, max: 1.9e9, noNaN: true })),
  plan: fc.option(fc.constantFrom('1', '2')),
  usage: fc.boolean(),
  omit: fc.boolean(),
});

const fileArb: fc.Arbitrary<HistoryFile> = fc
  .array(
    fc.tuple(stepsArb(15), fc.array(extrasArb, { minLength: 20, maxLength: 20 }), fc.boolean()),
    { minLength: 1, maxLength: 3 },
  )
  .map((runs) => ({
    histories: runs.map(([steps, extras, withChild], h): History => {
      const rich = steps.map((s, i) => richStep(s, extras[i % extras.length] as never));
      const summary: Step = {
        kind: 'summary',
        id: 'sum',
        stepNumber: rich.length,
        content: 'done',
        replaces: [rich[0]?.id ?? 'x'],
        origin: 'model',
      };
      const history: History = {
        id: `run-${h}`,
        title: `Run ${h}`,
        format: 'test',
        outcome: 'reward 1',
        usage: { totalTokens: 99 },
        meta: { seed: h },
        steps: [...rich, summary],
      };
      return withChild
        ? {
            ...history,
            children: [
              {
                parentStepId: rich[0]?.id ?? 'sum',
                history: { id: `child-${h}`, steps: rich.slice(0, 2) },
              },
            ],
          }
        : history;
    }),
  }));

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateNative = ajv.compile(
  JSON.parse(readFileSync(new URL('./stepscope.schema.json', import.meta.url), 'utf8')),
);

describe('native format', () => {
  it('round-trips losslessly and re-exports byte-identically', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const text = serializeNative(file);
        const back = parseNative(JSON.parse(text));
        expect(back).toEqual(file);
        expect(serializeNative(back)).toBe(text);
        expect(validateNative(JSON.parse(text)), JSON.stringify(validateNative.errors)).toBe(true);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 200) },
    );
  });

  it('reads a bare seed 000 action and writes its single-call view back', () => {
    const step = stepFromDict({
      type: 'ActionStep',
      data: {
        timestamp: 1.5,
        step_number: 2,
        raw_llm_response: 'r',
        tool_name: 'file_stat',
        tool_args: { path: '/tmp/file.txt' },
        observation: 'Size: 1024 bytes',
      },
    });
    expect(step).toMatchObject({
      kind: 'action',
      stepNumber: 2,
      timestamp: 1.5,
      toolCalls: [
        { name: 'file_stat', arguments: { path: '/tmp/file.txt' }, result: 'Size: 1024 bytes' },
      ],
    });
    expect(stepToDict(step).data).toMatchObject({
      tool_name: 'file_stat',
      tool_args: { path: '/tmp/file.txt' },
      is_final: false,
    });
  });

  it('names the invalid field and rejects other formats', () => {
    expect(() => stepFromDict({ type: 'TaskStep', data: { task: 3 } }, 4)).toThrow(
      /Invalid TaskStep at step 4: data.task: /,
    );
    expect(() => parseNative({ format: 'stepscope', version: 2, histories: [] })).toThrow(
      /Not a valid Stepscope file: version/,
    );
    expect(validateNative({ format: 'other' })).toBe(false);
  });

  it.each(SCHEMAS.map((s) => [s.path, s] as const))(
    'committed %s matches its zod source (npm run schemas)',
    (path, entry) => {
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')).toBe(
        renderSchema(entry),
      );
    },
  );
});

describe('native round trip of what a tool took', () => {
  it('keeps an argument named __proto__ (found by the importer fuzz on a Claude Code Edit call)', () => {
    const args = JSON.parse('{"replace_all": {"__proto__": false}, "path": "a"}');
    const steps: Step[] = [
      {
        kind: 'action',
        id: 's0',
        stepNumber: 0,
        modelOutput: '',
        toolCalls: [{ id: 'c1', name: 'Edit', arguments: args, result: 'ok' }],
        isFinal: false,
      },
    ];
    const file: HistoryFile = { histories: [{ id: 'h', format: 'test', steps }] };
    const text = serializeNative(file);
    const back = parseNative(JSON.parse(text));
    const call = back.histories[0]?.steps[0];
    expect(call?.kind === 'action' && JSON.stringify(call.toolCalls[0]?.arguments)).toBe(
      '{"replace_all":{"__proto__":false},"path":"a"}',
    );
    expect(serializeNative(back)).toBe(text);
    // Still a JSON value: an infinite number is refused, naming the field.
    const infinite = JSON.parse(text);
    infinite.histories[0].steps[0].data.tool_calls[0].arguments.path = Infinity;
    expect(() => parseNative(infinite)).toThrow(/JSON value/);
  });
});
