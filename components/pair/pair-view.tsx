'use client';
/**
 * The paired view: the loaded fleet (A) and a fleet the user picked (B) matched task by task
 * (lib/worker/pair-requests.ts). First what the comparison is for, which tasks only one fleet
 * solves, then the matched and unmatched counts and the medians of the per-task differences, the
 * chart of per-task input-token differences, every task's row, and the same presets on both
 * fleets. A task opens its run on either side.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { pairMedians } from '../../lib/charts/pair-diff';
import type { PairResponse } from '../../lib/worker/protocol';
import { useDebuggerStore } from '../contexts/store-context';
import { Term } from '../help/term';
import { formatUsd } from '../usage/format';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';
import { Panel } from '../ui/panel';
import { PairChart } from './pair-chart';
import { PairPicker } from './pair-picker';
import { PairStrategies } from './pair-strategies';
import { PairTable, signed } from './pair-table';
import { SOLVED_STYLE } from './solved-label';
import { useOpenSide, type PairSideName } from './use-open-side';
import { usePair } from './use-pair';

function SolvesList(props: {
  side: PairSideName;
  tasks: readonly string[];
  answer: PairResponse;
  onOpen(side: PairSideName, index: number): void;
}) {
  const { side, tasks, answer, onOpen } = props;
  const style = SOLVED_STYLE[side];
  const title = side === 'a' ? 'Only A solves' : 'Only B solves';
  const byTask = new Map(answer.tasks.map((t) => [t.task, t]));
  return (
    <section aria-label={title} className="min-w-0 flex-1 rounded-md border border-slate-200 p-2">
      <h3 className={`text-sm font-semibold ${style.text}`}>
        <Term id="pair-only-solves">{title}</Term>: {tasks.length}
      </h3>
      {tasks.length === 0 ? (
        <p className="text-xs text-slate-500">None of the matched tasks.</p>
      ) : (
        <ul className="mt-1 flex max-h-48 flex-col gap-0.5 overflow-y-auto">
          {tasks.map((task) => {
            const t = byTask.get(task);
            return (
              <li key={task} className="min-w-0 truncate text-xs">
                {t ? (
                  <Button
                    variant="link"
                    size="xs"
                    className="max-w-full truncate"
                    title={`Open ${side.toUpperCase()}'s run of ${task}`}
                    onClick={() => onOpen(side, t[side].index)}
                  >
                    {task}
                  </Button>
                ) : (
                  task
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Figure({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-mono text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function PairBody({ answer, pending }: { answer: PairResponse; pending: boolean }) {
  const { pair, actions } = useDebuggerStore(
    useShallow((s) => ({ pair: s.pair, actions: s.actions })),
  );
  const onOpen = useOpenSide(answer.runPaths);
  const { summary } = answer;
  const medians = useMemo(() => pairMedians(answer.tasks), [answer.tasks]);
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SolvesList side="a" tasks={summary.onlyASolves} answer={answer} onOpen={onOpen} />
        <SolvesList side="b" tasks={summary.onlyBSolves} answer={answer} onOpen={onOpen} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        <Figure label={<Term id="pair-matched" />}>{summary.matched}</Figure>
        <Figure label={<Term id="pair-only-in">Only in A</Term>}>{summary.onlyInA.length}</Figure>
        <Figure label={<Term id="pair-only-in">Only in B</Term>}>{summary.onlyInB.length}</Figure>
        <Figure label="Both solve">{summary.bothSolve}</Figure>
        <Figure label="Neither solves">{summary.neitherSolves}</Figure>
        <Figure label={<Term id="pair-median">Median Δ steps</Term>}>
          {medians.steps === null ? '—' : signed(medians.steps, (v) => String(v))}
        </Figure>
        <Figure label={<Term id="pair-median">Median Δ input</Term>}>
          {medians.inputTokens === null ? '—' : signed(medians.inputTokens, formatTokens)}
        </Figure>
        <Figure label={<Term id="pair-median">Median Δ cost</Term>}>
          {medians.costUsd === null ? '—' : signed(medians.costUsd, formatUsd)}
        </Figure>
      </dl>
      {summary.unknown > 0 && (
        <p className="text-xs text-slate-600">
          {summary.unknown} matched task{summary.unknown === 1 ? '' : 's'} not judged: no file says
          whether it was solved.
        </p>
      )}
      {(summary.onlyInA.length > 0 || summary.onlyInB.length > 0) && (
        <p
          className="text-xs text-slate-600"
          title={[...summary.onlyInA, ...summary.onlyInB].join(', ')}
        >
          Left out of the differences: {summary.onlyInA.length} task(s) only A ran,{' '}
          {summary.onlyInB.length} only B ran.
        </p>
      )}
      {answer.warnings.length > 0 && (
        <p className="text-xs text-slate-500" title={answer.warnings.join('\n')}>
          {answer.warnings.length} of B&apos;s files are no runs (read past): {answer.warnings[0]}
          {answer.warnings.length > 1 ? ' …' : ''}
        </p>
      )}
      <PairChart tasks={answer.tasks} />
      {/* The definitions here, not in the headers: a header is a sort button, and a link in a button is no control. */}
      <p className="text-xs text-slate-600">
        Every matched task, B minus A: <Term id="pair-diff-steps" />, <Term id="pair-diff-input" />,{' '}
        <Term id="pair-diff-cost" /> (green: B less).
      </p>
      <div className="flex h-[50vh] min-h-64 flex-col rounded-md border border-slate-200">
        <PairTable
          tasks={answer.tasks}
          sort={pair.sort}
          onSort={actions.setPairSort}
          onOpen={onOpen}
        />
      </div>
      <PairStrategies
        a={answer.strategies.a}
        b={answer.strategies.b}
        presets={pair.presets}
        onPresets={actions.setPairPresets}
        pending={pending}
      />
    </>
  );
}

/** The entry point on the runs overview: the picker, or once B is picked the paired view. */
export function PairSection() {
  const { paired, closePair } = useDebuggerStore(
    useShallow((s) => ({ paired: s.pair.files !== undefined, closePair: s.actions.closePair })),
  );
  const { data, pending, error, progress } = usePair();
  if (!paired)
    return (
      <div className="flex items-center gap-2">
        <PairPicker />
      </div>
    );
  return (
    <Panel label="Paired fleets" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-900">
          Paired: A, the fleet on screen, with B{data ? `, ${data.name}` : ''}
        </h2>
        <span className="text-xs text-slate-500" aria-live="polite">
          {error
            ? `pairing failed: ${error}`
            : pending
              ? `comparing both fleets${progress !== undefined ? `, ${Math.round(100 * progress)}%` : '…'}`
              : ''}
        </span>
        <span className="ml-auto flex items-center gap-2">
          <PairPicker again />
          <Button variant="secondary" size="xs" onClick={closePair}>
            Close pair
          </Button>
        </span>
      </div>
      {data ? <PairBody answer={data} pending={pending} /> : null}
    </Panel>
  );
}
