'use client';
/**
 * "What you paid": the cost the file records where it records one, else its reported usage priced
 * call by call from the catalog (each call with its own model), else why there is no cost. Never
 * a model the run did not use, never $0 for a model the catalog lacks (lib/pricing/paid.ts).
 */
import type { PaidWithChildren, WhatYouPaid } from '../../lib/pricing/paid';
import { formatUsd } from './format';
import { Panel } from '../ui/panel';
import { Term } from '../help/term';

/** A sub-agent's cost in a few words: where it comes from, the catalog named once above. */
function briefSource(paid: WhatYouPaid): string {
  switch (paid.kind) {
    case 'recorded':
      return 'recorded by the file';
    case 'priced':
      return `${paid.calls} call${paid.calls === 1 ? '' : 's'} priced${paid.unpriced.length > 0 ? `, ${paid.unpriced.length} not` : ''}`;
    case 'none':
      return paid.reason;
  }
}

/** One line saying where a run's cost comes from. */
export function paidSource(paid: WhatYouPaid): string {
  switch (paid.kind) {
    case 'recorded':
      return paid.from === 'history.usage.costUsd'
        ? 'recorded by the file for the run'
        : `recorded by the file, the sum of ${paid.calls ?? 0} calls' own costs`;
    case 'priced': {
      const models = paid.models
        .map((m) => `${m.model ?? 'unnamed'}: ${m.calls} call${m.calls === 1 ? '' : 's'}`)
        .join(', ');
      const base =
        paid.basis === 'run totals'
          ? "the run's reported tokens priced"
          : `the file's usage priced per call (${models})`;
      const missing =
        paid.unpriced.length > 0
          ? `; ${paid.unpriced.length} call${paid.unpriced.length === 1 ? '' : 's'} not priced: ${paid.unpriced[0]?.reason}`
          : '';
      const off = paid.offBranch
        ? `; includes ${paid.offBranch.calls} call${paid.offBranch.calls === 1 ? '' : 's'} on branches a rewind abandoned (billed, not shown)`
        : '';
      return `${base} at ${paid.models[0]?.source ?? 'catalog prices'}${off}${missing}`;
    }
    case 'none':
      return paid.reason;
  }
}

export function PaidPanel({ paid }: { paid: PaidWithChildren }) {
  const own = paid.runs[0]?.paid;
  const children = paid.runs.slice(1);
  return (
    <Panel label="What you paid" className="text-sm">
      <h3 className="font-semibold text-slate-900">
        <Term id="paid">What you paid</Term>
      </h3>
      <p className="mt-1">
        <span className="font-mono text-xl font-semibold text-slate-900">
          {paid.usd === undefined ? 'unknown' : formatUsd(paid.usd)}
        </span>
        {own && (
          <span className="ml-2 text-slate-600">
            {children.length > 0
              ? `this run and its ${children.length} sub-agent${children.length === 1 ? '' : 's'}, each request once; this run: ${paidSource(own)}`
              : paidSource(own)}
          </span>
        )}
      </p>
      {own?.kind === 'priced' &&
        own.notes?.map((n) => (
          <p key={n} className="mt-1 text-xs text-amber-800">
            {n}
          </p>
        ))}
      {children.length > 0 && (
        <ul aria-label="Sub-agents' costs" className="mt-2 space-y-0.5 text-xs text-slate-600">
          {paid.runs.map((r) => (
            <li key={r.historyId} style={{ paddingLeft: `${r.depth}rem` }}>
              <span className="font-medium text-slate-800">
                {r.depth === 0 ? 'This run' : (r.title ?? r.historyId)}
              </span>
              :{' '}
              <span className="font-mono">
                {r.paid.kind === 'none' ? 'no cost' : formatUsd(r.paid.usd)}
              </span>{' '}
              ({briefSource(r.paid)})
            </li>
          ))}
        </ul>
      )}
      {paid.partial && paid.usd !== undefined && (
        <p className="mt-1 text-xs text-amber-800">
          Partial: some calls or sub-agents have no cost (see why above); the total leaves them out.
        </p>
      )}
    </Panel>
  );
}
