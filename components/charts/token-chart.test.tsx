// @vitest-environment happy-dom
/**
 * The token chart on a real run: one path of bars per step kind (a bar per step with tokens), the
 * context line through every model call, and the keyboard path to a point (arrows, then Enter).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRun } from '../../test/samples';
import { prepareTokenSeries } from '../../lib/charts/prepare';
import { isModelCall } from '../../lib/model/steps';
import { createStepTokens } from '../../lib/tokens/step-tokens';
import { TokenChart } from './token-chart';

afterEach(cleanup);

const run = sampleRun('tau-bench-airline-task3.json');
const tokens = createStepTokens('heuristic', 'openai');
const series = prepareTokenSeries(
  run.steps,
  run.steps.map((s) => tokens.step(s)),
);

describe('token chart', () => {
  it('draws a bar per step in its kind’s path and the context at every model call', async () => {
    const onSelect = vi.fn();
    const { container } = render(
      <TokenChart
        series={series}
        contextWindow={128_000}
        windowLabel="GPT-4o window 128,000"
        model=""
        onModel={() => {}}
        onSelect={onSelect}
      />,
    );
    await waitFor(() => expect(container.querySelectorAll('svg path').length).toBeGreaterThan(0));
    const bars = [...container.querySelectorAll('svg path')].reduce(
      (n, p) => n + (p.getAttribute('d')?.match(/M/g)?.length ?? 0),
      0,
    );
    expect(bars).toBe(series.filter((p) => p.tokens > 0).length);
    const kinds = new Set(run.steps.map((s) => s.kind));
    expect(container.querySelectorAll('svg path')).toHaveLength(kinds.size);
    const points = container.querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    expect(points).toHaveLength(run.steps.filter(isModelCall).length);

    // Keyboard: the first arrow shows the first point, the next ones move; Enter selects it.
    const plot = screen.getByRole('img');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    const second = run.steps[1];
    expect(screen.getByRole('tooltip').textContent).toContain(`Step ${second?.stepNumber} ·`);
    fireEvent.keyDown(plot, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(second?.id);
  });
});
