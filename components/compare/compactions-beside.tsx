'use client';
/**
 * The compactions the framework really made beside where each compared strategy would compact:
 * "the framework compacted at call 174 down to 18k tokens; the pi preset would compact at call 170".
 * Where the run's framework has a preset that models its compaction and it is not compared yet,
 * one click puts it beside the record.
 */
import { useMemo } from 'react';
import type { Comparison } from '../../lib/compare/compare';
import { sameChoice, type StrategyChoice } from '../../lib/compare/config';
import { compactionPresetFor, insteadOfRecorded, presetOf } from '../../lib/compare/presets';
import { calibrateChoice, providerThreshold, type UsageFit } from '../../lib/compare/calibrate';
import type { History } from '../../lib/model/types';
import { strategyCompactions, type CompactionMarker } from '../../lib/simulate/compactions';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';
import { ColumnDot } from './column-label';

const ordinal = (n: number) =>
  n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`;

function sentence(m: CompactionMarker): string {
  const call = m.callAfter ?? m.callBefore;
  const after = m.after ? ` down to ${formatTokens(m.after.tokens)} tokens` : '';
  return m.kind === 'probable'
    ? `The reported input drops at call ${call}${after} (probably a compaction the file does not record)`
    : `The framework compacted ${m.callAfter !== undefined ? `at call ${m.callAfter}` : 'after the last call'}${after}`;
}

export function CompactionsBeside(props: {
  history: History;
  markers: readonly CompactionMarker[];
  cmp?: Comparison;
  choices: readonly StrategyChoice[];
  onChoices(next: readonly StrategyChoice[]): void;
  /** reported ≈ offset + scale × counted, when the file reports enough usage to calibrate on. */
  fit?: UsageFit;
  contextWindow: number;
}) {
  const { cmp, markers } = props;
  const steps = props.history.steps;
  const byColumn = useMemo(
    () => cmp?.columns.map((c) => (c.replay ? strategyCompactions(steps, c.replay) : [])) ?? [],
    [cmp, steps],
  );
  if (markers.length === 0) return null;
  const preset = compactionPresetFor(props.history);
  // Beside the run's compactions, a preset runs in their place, on the history as it grew.
  const presetChoice = preset ? insteadOfRecorded(preset.choice) : undefined;
  const calibrated =
    presetChoice && props.fit
      ? calibrateChoice(presetChoice, props.fit, props.contextWindow)
      : undefined;
  const same = (a: StrategyChoice, b: StrategyChoice) => sameChoice(a, b);
  const threshold =
    preset?.choice.strategyId === 'compact-conversation'
      ? providerThreshold(preset.choice, props.contextWindow)
      : undefined;
  const presetShown =
    presetChoice !== undefined && props.choices.some((c) => same(c, presetChoice));
  const calibratedShown =
    calibrated !== undefined && props.choices.some((c) => same(c, calibrated));
  const labelOf = (c: NonNullable<typeof cmp>['columns'][number]) =>
    calibrated && preset && same(c.choice, calibrated)
      ? `${preset.label}, calibrated on this file's usage`
      : presetChoice && preset && same(c.choice, presetChoice)
        ? preset.label
        : (presetOf(c.choice)?.label ?? c.label);
  return (
    <section
      aria-label="Recorded compactions beside the strategies"
      className="rounded-lg border border-teal-300 bg-teal-50 p-3 text-sm"
    >
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-teal-800">
        What the framework did, beside each strategy
      </h3>
      <ul className="space-y-2">
        {markers.map((m, k) => {
          return (
            <li key={`${m.kind}-${m.stepId}`}>
              <p className="font-medium text-slate-900">
                {sentence(m)}
                {m.before ? ` (from ${formatTokens(m.before.tokens)})` : ''}
                {m.compaction?.trigger ? `, ${m.compaction.trigger}` : ''}.
                {threshold !== undefined &&
                  m.before &&
                  m.before.source !== 'counted' &&
                  m.before.tokens < threshold && (
                    <span className="font-normal text-slate-700">
                      {' '}
                      That is below the {threshold.toLocaleString('en-US')} tokens at which “
                      {preset?.label}” compacts on a {props.contextWindow.toLocaleString('en-US')}
                      -token window:{' '}
                      {m.compaction?.trigger === 'manual'
                        ? 'the user asked for it.'
                        : 'the run used another threshold (another version or setting), or compacted on request.'}
                    </span>
                  )}
              </p>
              {cmp && (
                <ul className="ml-4 list-disc text-slate-700">
                  {cmp.columns.map((c, i) => {
                    if (c.error) return null;
                    // The run's k-th compaction beside the strategy's k-th.
                    const list = byColumn[i] ?? [];
                    const near = list[k];
                    return (
                      <li key={i}>
                        <ColumnDot index={i} className="mr-1" />
                        {near
                          ? `${labelOf(c)} would compact ${k === 0 ? '' : `a ${ordinal(k + 1)} time `}at call ${near.call} (${formatTokens(near.beforeTokens)} → ${formatTokens(near.afterTokens)} counted tokens)`
                          : list.length > 0
                            ? `${labelOf(c)} would not compact a ${ordinal(k + 1)} time (${list.length === 1 ? 'once' : `${list.length} times`} over the run, first at call ${list[0]?.call})`
                            : `${labelOf(c)} never compacts on this run (its context peaks at ${formatTokens(c.replay?.peakContextTokens ?? 0)} counted tokens; no application cut a fifth of it or more)`}
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {preset && (!presetShown || (calibrated && !calibratedShown)) && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {!presetShown && (
            <Button
              variant="primary"
              size="sm"
              onClick={() => props.onChoices([...props.choices, presetChoice ?? preset.choice])}
            >
              Put “{preset.label}” beside it
            </Button>
          )}
          {calibrated && !calibratedShown && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => props.onChoices([...props.choices, calibrated])}
            >
              … calibrated on this file&apos;s usage
            </Button>
          )}
          <span className="text-xs text-slate-600">
            the preset that models this framework&apos;s own compaction
            {calibrated && props.fit
              ? `; calibrated, its threshold of ${formatTokens(providerThreshold(preset.choice, props.contextWindow))} provider tokens is ${formatTokens(Number(calibrated.params.thresholdTokens))} counted (the file reports ≈ ${formatTokens(props.fit.offsetTokens)} + ${props.fit.scale.toFixed(3)} × counted)`
              : ''}
          </span>
        </div>
      )}
      {!preset && (
        <p className="mt-2 text-xs text-slate-600">
          No preset models {props.history.format ?? 'this framework'}&apos;s compaction yet: compare
          it with any strategy above.
        </p>
      )}
    </section>
  );
}
