// @vitest-environment happy-dom
/**
 * The fleet's hand-drawn charts on the real tau-bench fleet (115 runs): each chart is one image
 * named by its summary, and the keyboard reaches every tooltip: the arrow keys walk the scatter's
 * runs by steps and the histograms' bins, Escape hides the tooltip.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { histogram } from '../../lib/charts/fleet-distribution';
import { tauFleetPoints as points } from '../../test/fleet-points';
import { formatTokens } from '../ui/kinds';
import { FleetCharts } from './fleet-charts';

afterEach(cleanup);

describe('the fleet charts', () => {
  it('name each chart and show a tooltip per run and per bin from the keyboard', () => {
    const p = points();
    render(<FleetCharts points={p} rough />);
    const scatter = screen.getByRole('img', {
      name: /^Input tokens against steps, by outcome: one dot per run; 78 partial, 37 failed\./,
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.keyDown(scatter, { key: 'ArrowRight' });
    // The first run by steps (then by input tokens).
    const first = [...p].sort((a, b) => a.steps - b.steps || a.inputTokens - b.inputTokens)[0]!;
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain(first.label);
    expect(tip.textContent).toContain(`steps: ${first.steps}`);
    fireEvent.keyDown(scatter, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    const length = screen.getByRole('img', { name: /^Run length: a histogram of 115 runs/ });
    fireEvent.keyDown(length, { key: 'ArrowRight' });
    fireEvent.keyDown(length, { key: 'ArrowRight' });
    fireEvent.keyDown(length, { key: 'ArrowLeft' });
    // Back on the first bin of the run lengths.
    const bin = histogram(
      p.map((r) => r.steps),
      { integers: true },
    )[0]!;
    expect(screen.getByRole('tooltip').textContent).toBe(
      `${formatTokens(bin.from)}–${formatTokens(bin.to)}${bin.count} ${bin.count === 1 ? 'run' : 'runs'}`,
    );
  });
});
