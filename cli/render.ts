/** Human-readable CLI output: compact tables a person can scan in a terminal. */
import type { inspectCommand, pruneCommand, replayCommand } from './commands';

const n = (x: number) => x.toLocaleString('en-US');
const money = (x: number) => (x >= 1 ? `$${x.toFixed(2)}` : `$${x.toFixed(4)}`);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

type Paid = ReturnType<typeof inspectCommand>['histories'][number]['paid'];

/** "paid: $0.4364 (recorded by the file)", or why there is no cost. */
function paidLine(p: Paid): string {
  switch (p.kind) {
    case 'recorded':
      return `paid: ${money(p.usd)} (recorded by the file${p.from === 'step.usage.costUsd' ? ', the sum of its calls' : ''})`;
    case 'priced':
      return `paid: ${money(p.usd)} (the file's usage priced ${p.basis === 'calls' ? `per call, ${p.calls} calls` : 'from its run totals'} at ${p.models.map((m) => m.source).join('; ')}${p.unpriced.length > 0 ? `; ${p.unpriced.length} calls not priced: ${p.unpriced[0]}` : ''})`;
    case 'none':
      return `paid: unknown (${p.reason})`;
  }
}

export function renderInspect(out: ReturnType<typeof inspectCommand>): string {
  const lines = [
    `${out.file}: ${out.format}, ${out.histories.length} histor${out.histories.length === 1 ? 'y' : 'ies'} (tokens: ${out.tokenizer})`,
  ];
  for (const w of out.warnings) lines.push(`warning: ${w}`);
  for (const h of out.histories) {
    const sub = h.parent
      ? `  (sub-agent of ${h.parent.historyId}, started at step ${h.parent.stepId})`
      : '';
    const about = [h.model, h.outcome].filter(Boolean).join(' · ');
    lines.push('', `# ${h.title ?? h.id}${about ? ` · ${about}` : ''}${sub}`);
    for (const s of h.steps) {
      const tools = s.tools.length > 0 ? ` ${s.tools.join(', ')}` : '';
      lines.push(
        `${String(s.stepNumber).padStart(5)}  ${s.kind.padEnd(13)} ${n(s.tokens).padStart(8)}${s.error ? '  ERROR' : ''}${tools}`,
      );
    }
    const t = h.totals;
    const kinds = Object.entries(t.byKind)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(
      `total: ${t.steps} steps (${kinds}), ${t.toolCalls} tool calls, ${t.errors} errors, ${n(t.tokens)} tokens`,
    );
    lines.push(
      `run: ${t.modelCalls} model calls, ${n(t.runInputTokens)} input tokens over the run`,
    );
    if (t.reported) {
      const r = t.reported;
      const parts = [
        r.inputTokens === undefined ? '' : `input ${n(r.inputTokens)}`,
        r.outputTokens === undefined ? '' : `output ${n(r.outputTokens)}`,
        r.cacheReadInputTokens ? `cache read ${n(r.cacheReadInputTokens)}` : '',
        r.costUsd ? `cost $${r.costUsd.toFixed(4)}` : '',
      ].filter(Boolean);
      lines.push(`reported by the file: ${parts.join(', ')}`);
    }
    lines.push(paidLine(h.paid));
    const r = h.reconciliation;
    if (r) {
      lines.push(
        `none against the file (${r.reportedCalls} of ${r.calls.length} calls report input): Stepscope ${n(r.simulatedTokens)}, reported ${n(r.reportedTokens)} (${signed((r.simulatedTokens - r.reportedTokens) / r.reportedTokens)}); reported ≈ ${n(r.offsetTokens)} + ${r.scale.toFixed(3)} × counted`,
      );
      for (const e of r.explanations) lines.push(`  - ${e}`);
      lines.push('   call   step  stepscope   reported     cached    written     gap');
      for (const c of r.calls) {
        if (c.reportedTokens === undefined) continue;
        lines.push(
          `${String(c.call).padStart(7)}${String(c.stepIndex).padStart(7)}${n(c.simulatedTokens).padStart(11)}${n(c.reportedTokens).padStart(11)}${n(c.cacheReadTokens ?? 0).padStart(11)}${n(c.cacheWriteTokens ?? 0).padStart(11)}${signed((c.reportedTokens - c.simulatedTokens) / Math.max(1, c.reportedTokens)).padStart(8)}`,
        );
      }
    }
    if (h.compactions) {
      lines.push(`compactions: ${h.compactions.length}`);
      for (const c of h.compactions) {
        lines.push(`  - ${c.description}`);
        if (c.summaryStart !== undefined) lines.push(`    summary: ${c.summaryStart}`);
      }
    }
  }
  return lines.join('\n');
}

export function renderPrune(out: ReturnType<typeof pruneCommand>): string {
  if (out.histories.some((h) => h.messages))
    return JSON.stringify(
      out.histories.map((h) => h.messages),
      null,
      2,
    );
  const lines = [
    `strategy ${out.strategy} ${JSON.stringify(out.params)}${out.run ? `, ${out.run}` : ''}`,
  ];
  for (const h of out.histories) {
    const count = (k: string) => h.fates.filter((f) => f.fate === k).length;
    lines.push(
      `${h.id}: ${n(h.tokensBefore)} → ${n(h.tokensAfter)} tokens; kept ${count('kept')}, truncated ${count('truncated')}, removed ${count('removed')}, summarized ${count('summarized')}`,
    );
    for (const note of h.notes) lines.push(`  ${note}`);
  }
  return lines.join('\n');
}

export function renderReplay(out: ReturnType<typeof replayCommand>): string {
  const lines = [
    `strategy ${out.strategy} ${JSON.stringify(out.params)}, ${out.run.description}, context window ${n(out.contextWindow)}`,
  ];
  const usd = (x: number) => `$${x.toFixed(4)}`;
  const share = (part: number, whole: number) =>
    whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%';
  for (const h of out.histories) {
    lines.push(`# ${h.id}`);
    for (const c of h.calls) {
      const cache =
        c.cachedTokens === undefined ? '' : `  ${n(c.cachedTokens).padStart(10)} cached`;
      lines.push(
        `call ${String(c.call).padStart(5)}  step ${String(c.stepIndex).padStart(5)}  ${n(c.contextTokens).padStart(10)} tokens${cache}${c.applied ? '  ◆ ran' : ''}`,
      );
    }
    const saved = h.baselineInputTokens - h.totalInputTokens;
    lines.push(
      `total input ${n(h.totalInputTokens)} tokens (none: ${n(h.baselineInputTokens)}; saved ${n(saved)}, ${share(saved, h.baselineInputTokens)}), peak ${n(h.peakContextTokens)}, ${h.overflowCalls} calls over the window, ran ${h.applications} times`,
    );
    if (h.cost) {
      const c = h.cost;
      lines.push(
        `cost at ${c.model}: ${usd(c.costUsd)} with prompt caching (${share(c.cachedTokens, h.totalInputTokens)} of input cached), ${usd(c.uncachedCostUsd)} uncached; none: ${usd(c.baselineCostUsd)} cached, ${usd(c.baselineUncachedCostUsd)} uncached; saved ${share(c.baselineCostUsd - c.costUsd, c.baselineCostUsd)} of the cached cost`,
      );
    }
    lines.push(paidLine(h.paid));
    if (h.unpriced) lines.push(`cost: not priced: ${h.unpriced}`);
    if (h.reportedCheck) {
      const r = h.reportedCheck;
      const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
      lines.push(
        `check against the file's reported usage (${r.calls} calls): reported ${usd(r.reportedCostUsd)}, none simulated ${usd(r.simulatedCostUsd)} (${pct(r.rawGap)}), calibrated ${usd(r.calibratedCostUsd)} (${pct(r.calibratedGap)}; +${n(r.offsetTokens)} unrecorded tokens per request, ×${r.scale.toFixed(3)})`,
      );
    }
  }
  return lines.join('\n');
}
