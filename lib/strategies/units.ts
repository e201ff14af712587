/**
 * Message-level strategies (Strands, LangChain, Anthropic) decide on messages; these helpers turn a
 * step list into message units and a set of kept units back into steps: a step with every unit kept
 * is the original object, one with none is gone, one with some is the step with the rest omitted.
 */
import { cachedUnits } from '../messages';
import type { Dialect, DialectMessages } from '../messages/types';
import { omitParts } from '../model/steps';
import type { Step } from '../model/types';

export interface StrategyUnit<M> {
  readonly message: M;
  readonly stepIndex: number;
  readonly parts: readonly string[];
}

export function unitsOf<D extends Dialect>(
  steps: readonly Step[],
  dialect: D,
): StrategyUnit<DialectMessages[D]>[] {
  const out: StrategyUnit<DialectMessages[D]>[] = [];
  for (let stepIndex = 0; stepIndex < steps.length; stepIndex++) {
    for (const u of cachedUnits(steps[stepIndex] as Step, dialect))
      out.push({ message: u.message, stepIndex, parts: u.parts });
  }
  return out;
}

/**
 * How a step survives when only some of its message units are kept: whole when all are (or it has
 * none), gone when none are, otherwise the step with the dropped units' parts omitted.
 */
export function keptVariant(
  step: Step,
  stepUnits: readonly { readonly parts: readonly string[] }[],
  kept: readonly boolean[],
): Step | null {
  const dropped = stepUnits.flatMap((u, i) => (kept[i] ? [] : u.parts));
  if (stepUnits.length === 0 || dropped.length === 0) return step;
  if (!kept.some(Boolean)) return null;
  return omitParts(step, dropped);
}

/**
 * Steps from kept unit indices (see `keptVariant`); `always` marks steps kept whatever the units say
 * (e.g. a system prompt held outside the messages).
 */
export function stepsFromKeptUnits(
  steps: readonly Step[],
  units: readonly StrategyUnit<unknown>[],
  kept: ReadonlySet<number>,
  always: (step: Step) => boolean = () => false,
): Step[] {
  const byStep = steps.map(() => ({ units: [] as StrategyUnit<unknown>[], kept: [] as boolean[] }));
  units.forEach((u, i) => {
    const entry = byStep[u.stepIndex] as { units: StrategyUnit<unknown>[]; kept: boolean[] };
    entry.units.push(u);
    entry.kept.push(kept.has(i));
  });
  const out: Step[] = [];
  steps.forEach((step, i) => {
    const entry = byStep[i] as { units: StrategyUnit<unknown>[]; kept: boolean[] };
    const variant = always(step) ? step : keptVariant(step, entry.units, entry.kept);
    if (variant) out.push(variant);
  });
  return out;
}
