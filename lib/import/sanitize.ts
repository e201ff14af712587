/**
 * What every import guarantees, whatever the file held: ids unique where the app looks things up by
 * id (histories across the whole file, steps within a history, tool calls within a step), model
 * names that are strings, and reported usage that is a real token count. Each repair is a warning
 * that says what was found; a file that needs none comes back unchanged (the same objects).
 */
import type { History, Step, ToolCall, Usage } from '../model/types';
import type { ImportWarning } from './types';
import { str, usageField } from './util';

/** A name not yet in `seen` (`id`, else `id~2`, `id~3`, …), recorded there. */
function unique(id: string, seen: Set<string>): string {
  let out = id;
  for (let n = 2; seen.has(out); n++) out = `${id}~${n}`;
  seen.add(out);
  return out;
}

/** A usage as the importer made it (typed, but built from a file's numbers): checked here. */
function cleanUsage(u: Usage | undefined, where: string, bad: string[]): Usage | undefined {
  if (typeof u !== 'object' || u === null) return undefined;
  const out: { -readonly [K in keyof Usage]: Usage[K] } = {};
  let changed = false;
  for (const [k, v] of Object.entries(u)) {
    const field = usageField(k);
    if (k === 'inputCounts' && (v === 'uncached' || v === 'total')) out.inputCounts = v;
    else if (field !== undefined && typeof v === 'number' && Number.isFinite(v) && v >= 0)
      out[field] = v;
    else {
      changed = true;
      bad.push(
        `${where} ${k} ${typeof v === 'number' || typeof v === 'string' ? str(v) : typeof v}`,
      );
    }
  }
  if (!changed) return u;
  return Object.keys(out).some((k) => k !== 'inputCounts') ? out : undefined;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A copy of a value without one of its optional fields. */
function withoutKey<T extends object>(value: T, key: keyof T): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

function cleanCalls(
  calls: readonly ToolCall[],
  step: Step,
  index: number,
  notes: string[],
): readonly ToolCall[] {
  if (calls.length === 1 && typeof calls[0]?.id === 'string') return calls;
  const seen = new Set<string>();
  let changed = false;
  const out = calls.map((c) => {
    const id = unique(typeof c.id === 'string' ? c.id : str(c.id), seen);
    if (id === c.id) return c;
    changed = true;
    notes.push(
      `${labelOf(step, index)}: two tool calls share the id "${str(c.id)}"; the later one is shown as "${id}"`,
    );
    return { ...c, id };
  });
  return changed ? out : calls;
}

/** How warnings name a step: its index, and its line in a JSONL file. */
export function labelOf(step: Step, i: number): string {
  return `step ${i}${step.source?.line === undefined ? '' : ` (line ${step.source.line})`}`;
}

function cleanStep(
  step: Step,
  id: string,
  index: number,
  notes: string[],
  badUsage: string[],
  badModels: string[],
): Step {
  let s = id === step.id ? step : { ...step, id };
  if ('usage' in s && s.usage !== undefined) {
    const usage = cleanUsage(s.usage, labelOf(step, index), badUsage);
    if (usage !== s.usage) s = usage === undefined ? withoutKey(s, 'usage') : { ...s, usage };
  }
  if (s.kind === 'summary' && s.compaction) {
    // A compaction's token figures are counts too (the native format keeps them as integers).
    let compaction = s.compaction;
    for (const key of ['tokensBefore', 'tokensAfter'] as const) {
      const v: unknown = compaction[key];
      if (v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) continue;
      badUsage.push(
        `${labelOf(step, index)} compaction ${key} ${typeof v === 'number' ? str(v) : typeof v}`,
      );
      compaction = withoutKey(compaction, key);
    }
    if (compaction !== s.compaction) s = { ...s, compaction };
  }
  if (s.kind === 'action') {
    if (s.model !== undefined && stringOr(s.model) === undefined) {
      badModels.push(labelOf(step, index));
      s = withoutKey(s, 'model');
    }
    const toolCalls = cleanCalls(s.toolCalls, step, index, notes);
    if (toolCalls !== s.toolCalls) s = { ...s, toolCalls };
  }
  return s;
}

/** The note for steps whose model is something that is not a name (`labels` as `labelOf` words them). */
export function unnamedModelsNote(labels: readonly string[]): string {
  return `${labels.length} step(s) name their model with something that is not a name (first: ${labels[0] ?? ''}); ignored`;
}

/**
 * Step lists this module returned, with their length then: a file's runs are sanitized when the
 * file is imported and again with every other file's (`importSources`, for ids unique across
 * files), and steps already clean come back the same from a second pass, so it skips them.
 */
const CLEAN_STEPS = new WeakMap<readonly Step[], number>();

/**
 * Marks a step list an importer built clean by construction, so the pass skips it as it skips
 * lists it cleaned itself: every step's id a string no other step has, every tool call's id a
 * string no other call of its step has, and no usage, model or compaction figures (the repairs
 * above have nothing to change). The OpenAI import builds 20,000 steps this way (issue 26).
 */
export function builtClean(steps: readonly Step[]): void {
  CLEAN_STEPS.set(steps, steps.length);
}

function cleanHistory(
  h: History,
  ids: Set<string>,
  warnings: ImportWarning[],
  named: boolean,
): History {
  const notes: string[] = [];
  const badUsage: string[] = [];
  const badModels: string[] = [];
  const cleanSteps = (list: readonly Step[]): readonly Step[] => {
    const stepIds = new Set<string>();
    let stepsChanged = false;
    const next = list.map((step, i) => {
      const stepId = unique(str(step.id), stepIds);
      if (stepId !== step.id)
        notes.push(
          `step ${i}: its id "${str(step.id)}" is used by an earlier step; shown as "${stepId}"`,
        );
      const clean = cleanStep(step, stepId, i, notes, badUsage, badModels);
      stepsChanged ||= clean !== step;
      return clean;
    });
    return stepsChanged ? next : list;
  };
  const id = unique(typeof h.id === 'string' && h.id !== '' ? h.id : 'history', ids);
  const name = h.title ?? id;
  let changed = id !== h.id;
  const steps = CLEAN_STEPS.get(h.steps) === h.steps.length ? h.steps : cleanSteps(h.steps);
  changed ||= steps !== h.steps;
  CLEAN_STEPS.set(steps, steps.length);
  let out: History = changed ? { ...h, id, steps } : h;
  if (h.model !== undefined && stringOr(h.model) === undefined) {
    notes.push(`the run's model is not a name (${typeof h.model}); ignored`);
    out = withoutKey(out, 'model');
  }
  if (h.usage !== undefined) {
    const usage = cleanUsage(h.usage, 'the run', badUsage);
    if (usage !== h.usage) out = usage === undefined ? withoutKey(out, 'usage') : { ...out, usage };
  }
  if (h.usageByModel !== undefined) {
    let changedModels = false;
    const byModel: Record<string, Usage> = {};
    for (const [model, u] of Object.entries(h.usageByModel)) {
      const usage = cleanUsage(u, `the run's usage of ${model}`, badUsage);
      changedModels ||= usage !== u;
      if (usage) byModel[model] = usage;
    }
    if (changedModels) out = { ...out, usageByModel: byModel };
  }
  if (h.offBranchCalls !== undefined) {
    let changedCalls = false;
    const calls = h.offBranchCalls.flatMap((c, i) => {
      const usage = cleanUsage(c.usage, `off-branch call ${i}`, badUsage);
      const badModel = c.model !== undefined && stringOr(c.model) === undefined;
      if (badModel) badModels.push(`off-branch call ${i}`);
      if (usage === c.usage && !badModel) return [c];
      changedCalls = true;
      if (usage === undefined) return [];
      const call = badModel ? withoutKey(c, 'model') : c;
      return [{ ...call, usage }];
    });
    if (changedCalls)
      out =
        calls.length > 0 ? { ...out, offBranchCalls: calls } : withoutKey(out, 'offBranchCalls');
  }
  if (h.children && h.children.length > 0) {
    const children = h.children.map((c) => {
      const child = cleanHistory(c.history, ids, warnings, true);
      return child === c.history ? c : { ...c, history: child };
    });
    if (children.some((c, i) => c !== h.children?.[i])) out = { ...out, children };
  }
  if (id !== h.id) notes.unshift(`its id "${str(h.id)}" is used by another run; shown as "${id}"`);
  if (badModels.length > 0) notes.push(unnamedModelsNote(badModels));
  if (badUsage.length > 0) {
    notes.push(
      `${badUsage.length} reported usage value(s) are not token counts (negative, not a number, or infinite) and were ignored: ${badUsage.slice(0, 3).join(', ')}${badUsage.length > 3 ? ', …' : ''}`,
    );
  }
  // The run is named when the file holds several (or this is a sub-agent).
  const short = name.length > 40 ? `${name.slice(0, 40)}…: ` : `${name}: `;
  for (const n of notes) warnings.push({ message: `${named ? short : ''}${n}` });
  return out;
}

/** The histories with every repair above made, and a warning per repair. */
export function sanitizeHistories(
  histories: readonly History[],
  warnings: ImportWarning[],
): History[] {
  const ids = new Set<string>();
  return histories.map((h) => cleanHistory(h, ids, warnings, histories.length > 1));
}
