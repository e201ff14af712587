'use client';
/**
 * A parameter sweep for one compared strategy: its cost (with prompt caching) against the
 * identifiers it loses, one point per value, the knee marked. Computed in the history worker, with
 * progress as each value is done.
 */
import { useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Comparison } from '../../lib/compare/compare';
import { CUSTOM_ID } from '../../lib/compare/custom-run';
import { sweepableParams, sweepValues } from '../../lib/compare/sweep';
import type { PriceSheet } from '../../lib/simulate/cache';
import type { CompareTarget, SweepRequest } from '../../lib/worker/protocol';
import { formatTokens } from '../ui/kinds';
import { columnColor } from './palette';
import { SweepTable, usd } from './sweep-table';
import { useWorkerQuery } from '../worker/use-worker-query';
import { InlineError } from '../ui/alert';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Panel } from '../ui/panel';
import { Select } from '../ui/select';

/** What a sweep asks of the worker. */
type SweepRequestFields = Omit<SweepRequest, 'type' | 'requestId'>;

function defaultRange(p: {
  integer: boolean;
  min?: number;
  max?: number;
  current?: number;
}): [number, number] {
  const current = p.current ?? 10;
  const lo = Math.max(p.min ?? 0, p.integer ? Math.round(current / 4) : current / 4);
  const hi = Math.min(p.max ?? Infinity, current <= 0 ? 10 : current * 2);
  return [lo, Math.max(lo + (p.integer ? 1 : 0.01), hi)];
}

/** The compared strategies a sweep can vary: built in, without an error, with a numeric parameter. */
export function sweepCandidates(cmp: Comparison) {
  return cmp.columns
    .map((c, i) => ({ c, i }))
    .filter(
      ({ c }) =>
        !c.error && c.choice.strategyId !== CUSTOM_ID && sweepableParams(c.choice).length > 0,
    );
}

export function SweepPanel(props: { cmp: Comparison; target: CompareTarget; sheet?: PriceSheet }) {
  const candidates = sweepCandidates(props.cmp);
  const [column, setColumn] = useState(candidates[0]?.i ?? -1);
  const choice = props.cmp.columns[column]?.choice;
  const params = choice ? sweepableParams(choice) : [];
  const [paramName, setParamName] = useState<string>();
  const param = params.find((p) => p.name === paramName) ?? params[0];
  const [range, setRange] = useState<{ key: string; from: number; to: number; count: number }>();
  const rangeKey = `${column}|${param?.name ?? ''}`;
  const [from, to] =
    range?.key === rangeKey ? [range.from, range.to] : param ? defaultRange(param) : [0, 0];
  const count = range?.key === rangeKey ? range.count : 8;
  // The sweep the user ran last: its settings' key and its request (the worker's answer, with
  // progress per value, is a worker query under that key; it stays on screen when settings change).
  const [ran, setRan] = useState<{ key: string; request: SweepRequestFields }>();
  const sweep = useWorkerQuery(
    ran && {
      key: ['sweep', ran.key, ran.request.target],
      fetch: (ask, { signal, onProgress }) =>
        ask({ type: 'sweep', ...ran.request }, { signal, onProgress }).then((m) => m.sweep),
    },
    { keepPrevious: false },
  );
  if (candidates.length === 0) return null;
  const runKey = `${rangeKey}|${from}|${to}|${count}|${JSON.stringify(choice)}|${props.sheet?.inputUsdPerMTok ?? ''}`;
  const start = () => {
    if (!choice || !param) return;
    setRan({
      key: runKey,
      request: {
        target: props.target,
        choice,
        param: param.name,
        values: sweepValues(from, to, count, param.integer),
        ...(props.sheet ? { sheet: props.sheet } : {}),
      },
    });
  };
  const state = ran && {
    key: ran.key,
    progress: sweep.progress ?? (sweep.data ? 1 : 0),
    result: sweep.data,
    error: sweep.error,
  };
  const result = state?.result;
  const priced = result?.points.some((p) => p.costUsd !== undefined) ?? false;
  const data = (result?.points ?? [])
    .filter((p) => !p.error)
    .map((p) => ({
      x: priced ? (p.costUsd as number) : p.inputTokens,
      lost: p.lost,
      value: p.value,
    }));
  const knee = result?.knee !== undefined ? result.points[result.knee] : undefined;
  const running = state !== undefined && state.result === undefined && state.error === undefined;
  const setRangeField = (field: 'from' | 'to' | 'count', v: number) =>
    setRange({ key: rangeKey, from, to, count, [field]: v });
  return (
    <Panel label="Parameter sweep" className="text-sm">
      <h3 className="font-semibold text-slate-900">
        Parameter sweep: cost against information lost
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <Field caption="strategy">
          <Select
            label="Sweep strategy"
            value={String(column)}
            onChange={(v) => setColumn(Number(v))}
            options={candidates.map(({ c, i }) => ({
              value: String(i),
              label: `${i + 1}. ${c.label}`,
            }))}
          />
        </Field>
        <Field caption="parameter">
          <Select
            label="Sweep parameter"
            value={param?.name ?? ''}
            onChange={setParamName}
            options={params.map((p) => ({ value: p.name, label: p.name }))}
          />
        </Field>
        <Field caption="from">
          <Input
            className="w-24 font-mono"
            aria-label="Sweep from"
            type="number"
            value={from}
            onChange={(e) => setRangeField('from', Number(e.target.value))}
          />
        </Field>
        <Field caption="to">
          <Input
            className="w-24 font-mono"
            aria-label="Sweep to"
            type="number"
            value={to}
            onChange={(e) => setRangeField('to', Number(e.target.value))}
          />
        </Field>
        <Field caption="points">
          <Input
            className="w-24 font-mono"
            aria-label="Sweep points"
            type="number"
            min={2}
            max={50}
            value={count}
            onChange={(e) => setRangeField('count', Number(e.target.value))}
          />
        </Field>
        <Button variant="primary" size="sm" onClick={start} disabled={running || !param}>
          {running ? 'Sweeping…' : 'Run sweep'}
        </Button>
        {state && state.key !== runKey && !running && (
          <span className="text-xs text-slate-500">(settings changed since this sweep)</span>
        )}
      </div>
      {running && (
        <div
          role="progressbar"
          aria-label="Sweep progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(100 * state.progress)}
          className="mt-2 h-1.5 w-full overflow-hidden rounded bg-slate-100"
        >
          <div
            className="h-full bg-sky-500 transition-all"
            style={{ width: `${Math.round(100 * state.progress)}%` }}
          />
        </div>
      )}
      {state?.error && <InlineError className="mt-2">The sweep failed: {state.error}</InlineError>}
      {result && (
        <div className="mt-2 grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <p className="text-xs text-slate-600">
              {knee
                ? `Knee at ${result.param} = ${knee.value}: ${priced ? usd(knee.costUsd ?? 0) : `${formatTokens(knee.inputTokens)} tokens`}, ${knee.lost} identifier${knee.lost === 1 ? '' : 's'} lost; past it, paying more buys little.`
                : 'No knee: the loss does not fall off against the cost over this range.'}
            </p>
            <div style={{ height: 220 }}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data} margin={{ top: 8, right: 16, left: 8, bottom: 14 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis
                    type="number"
                    dataKey="x"
                    domain={['auto', 'auto']}
                    tickFormatter={(v: number) => (priced ? usd(v) : formatTokens(v))}
                    tick={{ fontSize: 11 }}
                    label={{
                      value: priced ? 'cost with prompt caching' : 'input tokens',
                      position: 'insideBottom',
                      offset: -8,
                      fontSize: 11,
                    }}
                  />
                  <YAxis
                    dataKey="lost"
                    allowDecimals={false}
                    tick={{ fontSize: 11 }}
                    width={40}
                    label={{ value: 'lost', angle: -90, position: 'insideLeft', fontSize: 11 }}
                  />
                  <Tooltip
                    formatter={(v, name) =>
                      name === 'lost' ? [String(v), 'identifiers lost'] : [String(v), String(name)]
                    }
                    labelFormatter={(l, payload) =>
                      `${result.param} = ${String(payload?.[0]?.payload?.value ?? '')} · ${priced ? usd(Number(l)) : formatTokens(Number(l))}`
                    }
                  />
                  <Line
                    type="linear"
                    dataKey="lost"
                    stroke={columnColor(column)}
                    strokeWidth={2}
                    isAnimationActive={false}
                  />
                  {knee && (
                    <ReferenceDot
                      x={priced ? knee.costUsd : knee.inputTokens}
                      y={knee.lost}
                      r={6}
                      fill="none"
                      stroke="#0f172a"
                      strokeWidth={2}
                      label={{ value: `knee (${knee.value})`, position: 'top', fontSize: 11 }}
                    />
                  )}
                </LineChart>
              </ResponsiveContainer>
            </div>
          </div>
          <SweepTable result={result} />
        </div>
      )}
    </Panel>
  );
}
