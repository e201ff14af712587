/**
 * The lost-identifier check (identifiers.ts `lostIdentifiers`, the definition) as a fold over the
 * run: every call's context arrives as what changed since the previous call's (the simulation's
 * `onCall`: the context read in place and how many leading steps are still the previous call's
 * objects), and each call's identifiers are checked against it without building it again.
 *
 * What the run needs is strategy-independent and made once per step list (`IdentifierIndex`): each
 * step's text, each call's identifiers, and where each identifier first appears. What a strategy's
 * fold keeps is the multiset of step objects in the current context and, per identifier, one step
 * object of the context known to contain it (its witness): an identifier stays present while its
 * witness stays in the context; only when the witness leaves is the context searched again, newest
 * step first. An identifier found missing is lost once and never checked again, as the definition
 * reports each identifier's first loss only.
 */
import type { ActionStep, Step } from '../model/types';
import type { StepsAt } from '../simulate/prefix';
import {
  argumentKeyOf,
  argumentName,
  identifierShapes,
  outputText,
  textOf,
  type IdentifierShape,
  type LostIdentifier,
} from './identifiers';

/** What the check needs of one step list, whichever strategy runs on it. */
export class IdentifierIndex {
  readonly #steps: readonly Step[];
  /** Every step's text, one after another, each followed by a line break. */
  #joined: string | undefined;
  /** `#starts[i]`: where step i's text begins in `#joined`. */
  #starts: number[] = [];
  /** Where each identifier first appears (a step index; `Infinity` when in no step's text). */
  readonly #first = new Map<string, number>();
  readonly #shapes = new Map<number, Map<string, IdentifierShape>>();

  constructor(steps: readonly Step[]) {
    this.#steps = steps;
  }

  static #cache = new WeakMap<readonly Step[], IdentifierIndex>();

  /** The index of a step list, made once while the list lives (lists are never mutated). */
  static of(steps: readonly Step[]): IdentifierIndex {
    let index = IdentifierIndex.#cache.get(steps);
    if (!index) IdentifierIndex.#cache.set(steps, (index = new IdentifierIndex(steps)));
    return index;
  }

  /** The identifiers the call producing step k writes, with their shapes (none unless an action). */
  shapesAt(k: number): ReadonlyMap<string, IdentifierShape> {
    const step = this.#steps[k];
    if (step?.kind !== 'action') return EMPTY;
    let shapes = this.#shapes.get(k);
    if (!shapes) this.#shapes.set(k, (shapes = identifierShapes(outputText(step))));
    return shapes;
  }

  /**
   * The first step whose text contains `id`, when it comes before step k; -1 otherwise. An
   * identifier never holds a line break (identifiers.ts: none of its patterns matches one), so
   * one search through the texts joined by line breaks finds the first step containing it.
   */
  firstBefore(id: string, k: number): number {
    let first = this.#first.get(id);
    if (first === undefined) {
      const joined = this.#text();
      const at = joined.indexOf(id);
      first = at < 0 ? Infinity : this.#stepAt(at);
      this.#first.set(id, first);
    }
    return first < k ? first : -1;
  }

  #text(): string {
    if (this.#joined === undefined) {
      const parts: string[] = [];
      let at = 0;
      for (const s of this.#steps) {
        const t = textOf(s);
        this.#starts.push(at);
        parts.push(t);
        at += t.length + 1;
      }
      this.#joined = parts.join('\n');
    }
    return this.#joined;
  }

  /** The step whose text holds position `at` of the joined text. */
  #stepAt(at: number): number {
    const starts = this.#starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

const EMPTY: ReadonlyMap<string, IdentifierShape> = new Map();
const NO_STEPS: StepsAt = { length: 0, at: () => undefined };

/** One strategy's check over one run, fed each call's context in order (`call`). */
export class LostIdentifierFold {
  readonly lost: LostIdentifier[] = [];
  readonly #steps: readonly Step[];
  readonly #index: IdentifierIndex;
  /** How many times each step object is in the current context. */
  readonly #held = new Map<Step, number>();
  readonly #witness = new Map<string, Step>();
  readonly #gone = new Set<string>();
  #context: StepsAt = NO_STEPS;

  constructor(steps: readonly Step[], index = IdentifierIndex.of(steps)) {
    this.#steps = steps;
    this.#index = index;
  }

  /**
   * The context of the call producing step k, read in place; its steps before `unchanged` are the
   * previous call's objects at the same positions (0 when nothing is known, `Infinity` when the
   * context only grew).
   */
  call(k: number, context: StepsAt, unchanged: number): void {
    this.#follow(context, unchanged);
    const shapes = this.#index.shapesAt(k);
    if (shapes.size === 0) return;
    const step = this.#steps[k] as ActionStep;
    for (const [id, shape] of shapes) {
      if (this.#gone.has(id)) continue;
      const witness = this.#witness.get(id);
      if (witness && this.#held.has(witness)) continue;
      const at = this.#index.firstBefore(id, k);
      if (at < 0) continue;
      const found = this.#search(id);
      if (found) {
        this.#witness.set(id, found);
        continue;
      }
      this.#gone.add(id);
      const key = step.toolCalls
        .map((c) => argumentKeyOf(c.arguments, id))
        .find((x) => x !== undefined);
      this.lost.push({
        identifier: id,
        kind: key ? argumentName(key) : shape,
        lostAtStepId: this.#steps[at]?.id ?? '',
        usedAtStepId: step.id,
      });
    }
  }

  /** The held steps follow the context: those after the first changed position leave, the new come. */
  #follow(next: StepsAt, unchanged: number): void {
    const prev = this.#context;
    const n = Math.min(prev.length, next.length);
    let d = Math.min(Math.max(0, unchanged), n);
    while (d < n && prev.at(d) === next.at(d)) d++;
    for (let j = d; j < prev.length; j++) {
      const s = prev.at(j) as Step;
      const count = this.#held.get(s) as number;
      if (count === 1) this.#held.delete(s);
      else this.#held.set(s, count - 1);
    }
    for (let j = d; j < next.length; j++) {
      const s = next.at(j) as Step;
      this.#held.set(s, (this.#held.get(s) ?? 0) + 1);
    }
    this.#context = next;
  }

  /** A step of the current context whose text contains `id`, the newest first. */
  #search(id: string): Step | undefined {
    const context = this.#context;
    for (let j = context.length - 1; j >= 0; j--) {
      const s = context.at(j) as Step;
      if (textOf(s).includes(id)) return s;
    }
    return undefined;
  }
}
