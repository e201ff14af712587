import { describe, expect, it } from 'vitest';
import { act, answer, history, system, task } from '../../test/build';
import { importText } from '../import';
import { toMessages } from '../messages';
import { toSessionStep } from '../messages/session-trajectory';
import { getMessagesView, toTrajectory } from '../messages/trajectory';
import type { Step } from '../model/types';
import { createStrategyContext } from './context';
import { getStrategy, parseParams, StrategyParamsError } from './index';
import {
  findSessionTrimPoint,
  seedWindowOf,
  sessionWindowRanges,
  type SeedWindowStep,
} from './session-trajectory-window';

const ctx = createStrategyContext();
const strategy = getStrategy('session-trajectory-window');
const run = (steps: readonly Step[], params: Record<string, unknown> = {}) =>
  strategy.apply({ steps }, parseParams(strategy, params), ctx);
const fates = (r: { fates: readonly { kind: string }[] }) => r.fates.map((f) => f.kind);
const kept = (steps: readonly Step[]) =>
  toTrajectory(steps).map((it) => toSessionStep(it.item).step_type);

// Hand-built trajectories in the seed's own step types (SessionTrajectory's TrajectoryStep).
const q: SeedWindowStep = { role: 'user', step_type: 'query' };
const th: SeedWindowStep = { role: 'assistant', step_type: 'thought' };
const ans: SeedWindowStep = { role: 'assistant', step_type: 'answer' };
const sys: SeedWindowStep = { role: 'system', step_type: 'summary' };
const use = (id: string): SeedWindowStep => ({
  role: 'assistant',
  step_type: 'tool_use',
  tool_use_id: id,
});
const res = (id: string): SeedWindowStep => ({
  role: 'assistant',
  step_type: 'tool_result',
  tool_use_id: id,
});
/** `n` thoughts: the tail the scan never enters (`len(self.steps) - 20`). */
const tail = (n = 20) => Array<SeedWindowStep>(n).fill(th);
const none = new Set<number>();

describe('seed 002 _find_safe_trim_point, branch by branch', () => {
  it('starts at min_remove itself (no preserve_first head) and stops at a query, thought or answer', () => {
    expect(findSessionTrimPoint([q, q, th, ...tail()], 1, none)).toBe(1);
    expect(findSessionTrimPoint([q, q, th, ...tail()], 2, none)).toBe(2);
    expect(findSessionTrimPoint([q, sys, ans, ...tail()], 2, none)).toBe(2);
  });

  it('skips preserved indices, even a query at them', () => {
    expect(findSessionTrimPoint([th, q, q, th, ...tail()], 1, new Set([1, 2]))).toBe(3);
  });

  it('skips an orphaned tool_result', () => {
    expect(findSessionTrimPoint([q, res('a'), res('b'), th, ...tail()], 1, none)).toBe(3);
  });

  it('skips a tool_use together with its own result (two steps)', () => {
    expect(findSessionTrimPoint([q, use('a'), res('a'), q, ...tail()], 1, none)).toBe(3);
  });

  it('steps over a tool_use whose next step is not its result, one step at a time', () => {
    // Not a safe point in the seed ("Don't leave orphaned tool_use"), but not a break either: the
    // scan goes on to the result of another id (skipped as orphaned), then to the query.
    expect(findSessionTrimPoint([q, use('a'), res('b'), q, ...tail()], 1, none)).toBe(3);
    // Parallel calls: use a, use b, result a, result b never pair up, so all four are passed.
    expect(
      findSessionTrimPoint([q, use('a'), use('b'), res('a'), res('b'), th, ...tail()], 1, none),
    ).toBe(5);
  });

  it('steps over a summary or system prompt that is not preserved', () => {
    expect(
      findSessionTrimPoint(
        [q, sys, { role: 'system', step_type: 'system_prompt' }, th, ...tail()],
        1,
        none,
      ),
    ).toBe(3);
  });

  it('never scans into the last 20 steps, even onto a tool_result', () => {
    const steps = [q, res('a'), res('b'), res('c'), ...tail()];
    // len 24: the loop runs while trim_index < 4; at 4 it stops on a thought of the tail anyway.
    expect(findSessionTrimPoint(steps, 1, none)).toBe(4);
    const results = [q, ...Array<SeedWindowStep>(23).fill(res('x'))];
    expect(findSessionTrimPoint(results, 1, none)).toBe(4);
    // min_remove already inside the tail: returned as is.
    expect(findSessionTrimPoint(results, 10, none)).toBe(10);
  });

  it('skips a pair across the bound, leaving 19 steps (the seed checks the bound before the +2)', () => {
    const steps = [q, q, use('a'), res('a'), ...Array<SeedWindowStep>(19).fill(res('x'))];
    expect(steps.length - 20).toBe(3);
    expect(findSessionTrimPoint(steps, 2, none)).toBe(4);
  });
});

describe('seed 002 apply_sliding_window ranges', () => {
  it('keeps system steps before the trim point, then everything from it', () => {
    const steps = [sys, q, th, sys, q, th, ...tail()];
    // len 26, max_steps 22: excess 4 lands on the query at 4.
    expect(
      sessionWindowRanges(seedWindowOf(steps), { maxSteps: 22, preserveSystemMessages: true }),
    ).toEqual([
      [0, 1],
      [3, 26],
    ]);
    expect(
      sessionWindowRanges(seedWindowOf(steps), { maxSteps: 22, preserveSystemMessages: false }),
    ).toEqual([[4, 26]]);
  });

  it('with max_steps 0 keeps only the system steps when the whole list is shorter than 20', () => {
    const steps = [sys, q, th, ans];
    expect(
      sessionWindowRanges(seedWindowOf(steps), { maxSteps: 0, preserveSystemMessages: true }),
    ).toEqual([[0, 1]]);
  });
});

describe('session-trajectory-window (seed 002 SessionTrajectory)', () => {
  // Seed 002's example flow, three times: Paris, Tokyo, Paris again (15 trajectory steps each pass
  // of five: query, thought, tool_use, tool_result, answer).
  const city = (c: string, t: string) => [
    task(`What's the weather in ${c}?`),
    act(`Checking ${c} weather`, [{ name: 'get_weather', arguments: { city: c }, result: t }]),
    answer(`${c} is ${t}`),
  ];
  const cities = ['Paris', 'Tokyo', 'Oslo', 'Lima', 'Rome', 'Cairo'];
  const weather = history(
    system('You answer weather questions.'),
    ...cities.flatMap((c) => city(c, '20°C')),
  );

  it('defaults to the seed: max_steps 100, preserve_system_messages True; 0 accepted', () => {
    expect(parseParams(strategy, {})).toEqual({ maxSteps: 100, preserveSystemMessages: true });
    expect(parseParams(strategy, { maxSteps: 0 })).toMatchObject({ maxSteps: 0 });
    expect(() => parseParams(strategy, { maxSteps: -1 })).toThrow(StrategyParamsError);
    expect(() => parseParams(strategy, { max_steps: 5 })).toThrow(/expected: maxSteps/);
    expect(fates(run(weather))).toEqual(Array(weather.length).fill('kept'));
  });

  it('cuts at the query past the excess and keeps the system prompt', () => {
    // 31 trajectory steps; max_steps 25: excess 6 is the Tokyo query.
    const r = run(weather, { maxSteps: 25 });
    expect(fates(r)).toEqual([
      'kept',
      ...['removed', 'removed', 'removed'],
      ...Array(15).fill('kept'),
    ]);
    expect(kept(r.steps)).toHaveLength(26);
    expect(r.notes).toEqual(['kept 26 of 31 trajectory steps']);
    const off = run(weather, { maxSteps: 25, preserveSystemMessages: false });
    expect(fates(off)[0]).toBe('removed');
  });

  it('removes a step all of whose trajectory steps are cut, truncates one cut inside', () => {
    // max_steps 29: excess 2 is Paris's thought, a safe point: only the Paris query goes.
    expect(fates(run(weather, { maxSteps: 29 }))).toEqual([
      'kept',
      'removed',
      ...Array(17).fill('kept'),
    ]);
    // max_steps 28: excess 3 is Paris's tool_use with its own result, skipped to the answer at 5;
    // max_steps 27: excess 4 is that result, orphaned, skipped to the same answer.
    for (const maxSteps of [28, 27])
      expect(fates(run(weather, { maxSteps }))).toEqual([
        'kept',
        'removed',
        'removed',
        ...Array(16).fill('kept'),
      ]);
    const split = history(
      system('s'),
      task('go'),
      act('thinking', [{ name: 'ls', arguments: {}, result: 'a' }]),
      task('next'),
      ...Array.from({ length: 20 }, (_, i) => answer(`a${i}`)),
    );
    // Trajectory: system, query, thought, tool_use, tool_result, query, 20 answers (26 steps).
    // max_steps 23: excess 3 is the tool_use with its result: skipped to the query at 5.
    const cut = run(split, { maxSteps: 23 });
    expect(fates(cut).slice(0, 4)).toEqual(['kept', 'removed', 'removed', 'kept']);
    // max_steps 24 from index 2 (the thought): that action stays whole.
    expect(fates(run(split, { maxSteps: 24 })).slice(0, 3)).toEqual(['kept', 'removed', 'kept']);
    // With a 19-step tail the scan stops at the bound on the tool_result: the action keeps it alone.
    const bound = history(
      system('s'),
      task('go'),
      act('thinking', [{ name: 'ls', arguments: {}, result: 'a' }]),
      ...Array.from({ length: 19 }, (_, i) => answer(`a${i}`)),
    );
    const orphan = run(bound, { maxSteps: 20 });
    expect(fates(orphan).slice(0, 3)).toEqual(['kept', 'removed', 'truncated']);
    expect(kept(orphan.steps).slice(0, 2)).toEqual(['system_prompt', 'tool_result']);
    // max_steps under 20: the scan starts inside the last 20 and never runs, so the cut is the
    // excess itself: 31 - 8 = 23 is Rome's tool_use, and Rome's action loses only its thought.
    const blind = run(weather, { maxSteps: 8 });
    expect(fates(blind)).toEqual([
      'kept',
      ...Array(13).fill('removed'),
      'truncated',
      ...Array(4).fill('kept'),
    ]);
    expect(kept(blind.steps)).toHaveLength(9);
  });

  it("prints the seed's get_messages_view() of what it keeps, for a file in seed 002's format", () => {
    const file = {
      session_id: 's1',
      user_id: 'u1',
      max_steps: 100,
      steps: [
        { role: 'user', step_type: 'query', content: "What's the weather in Paris?" },
        { role: 'assistant', step_type: 'thought', content: 'I need to check the weather' },
        {
          role: 'assistant',
          step_type: 'tool_use',
          content: 'Using tool: get_weather',
          tool_data: { name: 'get_weather', args: { city: 'Paris' } },
          tool_use_id: 'tool_2_1',
        },
        {
          role: 'assistant',
          step_type: 'tool_result',
          content: '72°F, sunny',
          tool_data: { result: '72°F, sunny', error: null },
          tool_use_id: 'tool_2_1',
        },
        { role: 'assistant', step_type: 'thought', content: 'Done' },
        {
          role: 'assistant',
          step_type: 'answer',
          content: 'The weather in Paris is 72°F and sunny',
        },
        { role: 'user', step_type: 'query', content: 'What about Tokyo?' },
        ...Array.from({ length: 20 }, (_, i) => ({
          role: 'assistant',
          step_type: 'thought',
          content: `t${i}`,
        })),
      ],
    };
    const steps = importText(JSON.stringify(file), 'session.json').file.histories[0]?.steps ?? [];
    const r = run(steps, { maxSteps: 22 });
    // 27 steps, excess 5: the answer at 5 is a safe point; the seed keeps steps[5:].
    const seedView = getMessagesView(
      file.steps.slice(5).map((s) => ({
        role: s.role as 'user' | 'assistant',
        step_type: s.step_type,
        content: s.content,
      })),
    );
    expect(toMessages(r.steps, 'session-trajectory')).toEqual(seedView);
    expect(toMessages(steps, 'session-trajectory')[1]?.content.slice(0, 3)).toEqual([
      { type: 'thought', text: 'I need to check the weather' },
      {
        type: 'tool_use',
        text: 'Using tool: get_weather',
        tool_data: { name: 'get_weather', args: { city: 'Paris' } },
        tool_use_id: 'tool_2_1',
      },
      {
        type: 'tool_result',
        text: '72°F, sunny',
        tool_data: { result: '72°F, sunny', error: null },
        tool_use_id: 'tool_2_1',
      },
    ]);
  });
});
