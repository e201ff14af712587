/**
 * What a run cost, as the file says or as its usage prices: the run's own recorded cost first
 * (SWE-agent's `instance_cost`, OpenHands' `accumulated_cost`, a trace's total cost, as importers
 * store it in `history.usage.costUsd`), else the calls' recorded costs when every call with usage
 * has one, else each call priced from its usage with its own model at its own time (`priceCall`),
 * else nothing: a run no call of which could be priced has no cost, never $0 (ccusage#948).
 * Sub-agents are separate histories, each counted once (`whatYouPaidWithChildren`).
 */
import type { ActionStep, History, PlanningStep, Usage } from '../model/types';
import { promptTokensOf } from '../model/usage';
import { catalogPricesAt, firstTierStart, resolveModel } from './catalog';
import { overriddenPrice, overrideFor, type PriceOverrides } from './overrides';
import { priceCall, usesTokens, type PriceParts } from './price-usage';

export interface PaidOptions {
  readonly overrides?: PriceOverrides;
}

/** One model call in the reconciliation table: what the file recorded next to what its usage prices. */
export interface PricedCall {
  readonly stepIndex: number;
  readonly stepId: string;
  /** The call's model as the file writes it (the step's, else the run's). */
  readonly model: string | undefined;
  readonly timestamp?: number;
  readonly recordedUsd?: number;
  readonly pricedUsd?: number;
  readonly parts?: PriceParts;
  readonly tier?: string;
  /** All counts zero (a streaming placeholder record): $0. */
  readonly placeholder?: true;
  readonly source?: string;
  /** Why the call could not be priced. */
  readonly reason?: string;
}

export interface ModelPaid {
  readonly model: string | undefined;
  readonly source: string;
  readonly calls: number;
  readonly usd: number;
}

export type WhatYouPaid =
  | {
      readonly kind: 'recorded';
      readonly usd: number;
      /** The field the cost comes from: the run's, or the sum over `calls` calls' own. */
      readonly from: 'history.usage.costUsd' | 'step.usage.costUsd';
      readonly calls?: number;
    }
  | {
      readonly kind: 'priced';
      readonly usd: number;
      /** Calls priced (placeholders included); 0 when priced from the run's totals. */
      readonly calls: number;
      readonly unpriced: readonly { readonly stepId: string; readonly reason: string }[];
      readonly models: readonly ModelPaid[];
      /** `run totals`: the file reports usage only for the whole run, and the prices are flat. */
      readonly basis: 'calls' | 'run totals';
      readonly notes?: readonly string[];
      /** Of `calls` and `usd`: calls on branches the history does not show (a rewound session). */
      readonly offBranch?: { readonly calls: number; readonly usd: number };
    }
  | { readonly kind: 'none'; readonly reason: string };

type CallStep = ActionStep | PlanningStep;

/** Every action or planning step that reports usage, priced with its model at its timestamp. */
export function pricedCalls(history: History, options: PaidOptions = {}): PricedCall[] {
  const out: PricedCall[] = [];
  history.steps.forEach((step, stepIndex) => {
    if ((step.kind !== 'action' && step.kind !== 'planning') || !step.usage) return;
    const s = step as CallStep;
    const usage = s.usage as Usage;
    const model = (s.kind === 'action' ? s.model : undefined) ?? history.model;
    const price = priceCall(usage, model, {
      ...(s.timestamp !== undefined ? { at: s.timestamp } : {}),
      ...(options.overrides ? { overrides: options.overrides } : {}),
    });
    out.push({
      stepIndex,
      stepId: s.id,
      model,
      ...(s.timestamp !== undefined ? { timestamp: s.timestamp } : {}),
      ...(usage.costUsd !== undefined ? { recordedUsd: usage.costUsd } : {}),
      ...(price.ok
        ? {
            pricedUsd: price.costUsd,
            parts: price.parts,
            source: price.source,
            ...(price.tier ? { tier: price.tier } : {}),
            ...(price.placeholder ? { placeholder: true as const } : {}),
          }
        : { reason: price.reason }),
    });
  });
  return out;
}

/** The calls a file records on branches the history does not show, priced like the shown ones. */
function offBranchPrices(history: History, options: PaidOptions) {
  return (history.offBranchCalls ?? []).map((c) => {
    const model = c.model ?? history.model;
    return {
      model,
      recordedUsd: c.usage.costUsd,
      hasTokens: usesTokens(c.usage),
      price: priceCall(c.usage, model, {
        ...(c.timestamp !== undefined ? { at: c.timestamp } : {}),
        ...(options.overrides ? { overrides: options.overrides } : {}),
      }),
    };
  });
}

/**
 * A recorded $0 for a run that used tokens is not a price: frameworks write 0 for a model they
 * cannot price (SWE-agent with a model LiteLLM does not know), the mistake ccusage#948 shows as $0.
 */
const ZERO_NOTE =
  'the file records $0 for a run that used tokens (frameworks write 0 for a model they cannot price), so its usage is priced instead';

/** What the run cost: recorded, priced from its usage, or unknown with the reason. */
export function whatYouPaid(history: History, options: PaidOptions = {}): WhatYouPaid {
  const calls = pricedCalls(history, options);
  const steps = history.steps;
  // Calls that used tokens must have a recorded cost; a placeholder record costs nothing.
  const needCost = calls.filter((c) => usesTokens((steps[c.stepIndex] as CallStep).usage as Usage));
  const usedTokens =
    needCost.length > 0 || (history.usage !== undefined && usesTokens(history.usage));
  const notes: string[] = [];
  const runCost = history.usage?.costUsd;
  if (runCost !== undefined) {
    if (runCost > 0 || !usedTokens)
      return { kind: 'recorded', usd: runCost, from: 'history.usage.costUsd' };
    notes.push(ZERO_NOTE);
  }
  const off = offBranchPrices(history, options);
  const recorded = calls.filter((c) => c.recordedUsd !== undefined);
  if (
    recorded.length > 0 &&
    needCost.every((c) => c.recordedUsd !== undefined) &&
    off.every((c) => !c.hasTokens || c.recordedUsd !== undefined)
  ) {
    const usd =
      recorded.reduce((s, c) => s + (c.recordedUsd as number), 0) +
      off.reduce((s, c) => s + (c.recordedUsd ?? 0), 0);
    if (usd > 0 || needCost.length === 0)
      return {
        kind: 'recorded',
        usd,
        from: 'step.usage.costUsd',
        calls: recorded.length + off.filter((c) => c.recordedUsd !== undefined).length,
      };
    if (notes.length === 0) notes.push(ZERO_NOTE);
  }
  if (calls.length === 0 && off.length === 0) return runTotals(history, options, notes);
  const priced = calls.filter((c) => c.pricedUsd !== undefined);
  const offPriced = off.filter((c) => c.price.ok);
  const unpriced = [
    ...calls.flatMap((c) => (c.reason ? [{ stepId: c.stepId, reason: c.reason }] : [])),
    ...off.flatMap((c) =>
      c.price.ok ? [] : [{ stepId: 'off-branch', reason: (c.price as { reason: string }).reason }],
    ),
  ];
  if (priced.length === 0 && offPriced.length === 0)
    return { kind: 'none', reason: reasonsOf(unpriced.map((u) => u.reason)) };
  const models = new Map<string | undefined, ModelPaid>();
  const add = (model: string | undefined, source: string, usd: number) => {
    const m = models.get(model);
    models.set(model, {
      model,
      source: m?.source ?? source,
      calls: (m?.calls ?? 0) + 1,
      usd: (m?.usd ?? 0) + usd,
    });
  };
  for (const c of priced) add(c.model, c.source as string, c.pricedUsd as number);
  let offUsd = 0;
  for (const c of offPriced) {
    const p = c.price as { costUsd: number; source: string };
    add(c.model, p.source, p.costUsd);
    offUsd += p.costUsd;
  }
  return {
    kind: 'priced',
    usd: priced.reduce((s, c) => s + (c.pricedUsd as number), 0) + offUsd,
    calls: priced.length + offPriced.length,
    unpriced,
    models: [...models.values()],
    basis: 'calls',
    ...(notes.length ? { notes } : {}),
    ...(offPriced.length > 0 ? { offBranch: { calls: offPriced.length, usd: offUsd } } : {}),
  };
}

/** The distinct reasons, the first three. */
function reasonsOf(reasons: readonly string[]): string {
  const distinct = [...new Set(reasons)];
  return (
    distinct.slice(0, 3).join('; ') +
    (distinct.length > 3 ? `; and ${distinct.length - 3} more` : '')
  );
}

/**
 * One model's run totals priced as one request, only when its prices are flat (the user's prices
 * laid over the catalog's: a key the user left out keeps the catalog's tier), since a long-context
 * tier applies per request and an aggregate would pass it.
 */
function priceTotals(
  model: string | undefined,
  u: Usage,
  at: number | undefined,
  options: PaidOptions,
): { ok: true; usd: number; source: string } | { ok: false; reason: string } {
  if (!promptTokensOf(u))
    return { ok: false, reason: 'the file records output tokens but no input tokens' };
  const when = at !== undefined ? new Date(at * 1000) : undefined;
  const base = typeof model === 'string' ? catalogPricesAt(model, when) : undefined;
  const override = overrideFor(model, options.overrides);
  const price = override ? overriddenPrice(base, override, undefined).price : base;
  if (price && firstTierStart(price) !== undefined)
    return {
      ok: false,
      reason: `the file reports only run totals, and ${resolveModel(model)?.modelName ?? model}'s price depends on each request's size (a long-context tier)`,
    };
  const p = priceCall(u, model, {
    ...(at !== undefined ? { at } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  return p.ok ? { ok: true, usd: p.costUsd, source: p.source } : { ok: false, reason: p.reason };
}

/**
 * A run whose file reports usage only as run totals, per model where the file gives it so
 * (Inspect's `model_usage`: the solver and a grader, each priced as itself, never as the run's).
 */
function runTotals(history: History, options: PaidOptions, notes: string[]): WhatYouPaid {
  const u = history.usage;
  if (!u || !usesTokens(u)) return { kind: 'none', reason: 'the file records no usage' };
  const at = history.steps.find((s) => s.timestamp !== undefined)?.timestamp;
  const byModel = Object.entries(history.usageByModel ?? {});
  const parts: [string | undefined, Usage][] = byModel.length > 0 ? byModel : [[history.model, u]];
  const models: ModelPaid[] = [];
  const unpriced: { stepId: string; reason: string }[] = [];
  for (const [model, usage] of parts) {
    if (!usesTokens(usage)) continue;
    const p = priceTotals(model, usage, at, options);
    if (p.ok) models.push({ model, source: p.source, calls: 0, usd: p.usd });
    else unpriced.push({ stepId: model ?? 'run', reason: p.reason });
  }
  if (models.length === 0)
    return { kind: 'none', reason: reasonsOf(unpriced.map((x) => x.reason)) };
  return {
    kind: 'priced',
    usd: models.reduce((n, m) => n + m.usd, 0),
    calls: 0,
    unpriced,
    models,
    basis: 'run totals',
    ...(notes.length ? { notes } : {}),
  };
}

export interface RunPaid {
  readonly historyId: string;
  readonly title?: string;
  /** The step of the parent run that spawned this sub-agent. */
  readonly parentStepId?: string;
  /** 0 for the run itself, 1 for its sub-agents, and so on. */
  readonly depth: number;
  readonly paid: WhatYouPaid;
}

export interface PaidWithChildren {
  /** The sum over the runs that have a cost; undefined when none has. */
  readonly usd?: number;
  readonly runs: readonly RunPaid[];
  /** Some run has no cost, or some priced run has calls that could not be priced. */
  readonly partial: boolean;
}

/** A run and its sub-agents (`children[].history`, recursively), each history counted once. */
export function whatYouPaidWithChildren(
  history: History,
  options: PaidOptions = {},
): PaidWithChildren {
  const runs: RunPaid[] = [];
  const seen = new Set<History>();
  const visit = (h: History, depth: number, parentStepId?: string) => {
    if (seen.has(h)) return;
    seen.add(h);
    runs.push({
      historyId: h.id,
      ...(h.title !== undefined ? { title: h.title } : {}),
      ...(parentStepId !== undefined ? { parentStepId } : {}),
      depth,
      paid: whatYouPaid(h, options),
    });
    for (const c of h.children ?? []) visit(c.history, depth + 1, c.parentStepId);
  };
  visit(history, 0);
  const costed = runs.filter((r) => r.paid.kind !== 'none');
  const partial = runs.some(
    (r) => r.paid.kind === 'none' || (r.paid.kind === 'priced' && r.paid.unpriced.length > 0),
  );
  return {
    ...(costed.length > 0
      ? { usd: costed.reduce((s, r) => s + (r.paid as { usd: number }).usd, 0) }
      : {}),
    runs,
    partial,
  };
}
