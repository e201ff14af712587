/**
 * The lost-identifier check (identifiers.ts `lostIdentifiers`, the definition) as a fold over the
 * run: every call's context arrives as what changed since the previous call's (the simulation's
 * `onCall`: the context read in place and how many leading steps are still the previous call's
 * objects, or the step objects that left it and entered it), and each call's identifiers are
 * checked against it without building it again.
 *
 * What the run needs is strategy-independent and made once per step list (`IdentifierIndex`): the
 * identifiers every call writes, numbered, and for any step object the numbers of those its text
 * contains (one pass over the text, kept per object: strategies keep whole steps by reference and
 * their variants once per list). A strategy's fold keeps, per identifier, how many step objects of
 * the current context contain it: a call's identifier is in its context exactly when that count is
 * positive. An identifier found missing is lost once and never checked again, as the definition
 * reports each identifier's first loss only.
 */
import type { ActionStep, Step } from '../model/types';
import type { StepsAt } from '../simulate/prefix';
import type { ContextChanges } from '../strategies/types';
import {
  argumentKeyOf,
  argumentName,
  identifierShapes,
  outputText,
  visibleText,
  type IdentifierShape,
  type LostIdentifier,
} from './identifiers';
import { IdentifierAutomaton } from './identifier-automaton';

/** What the check needs of one step list, whichever strategy runs on it. */
export class IdentifierIndex {
  readonly #steps: readonly Step[];
  /** Every identifier some call writes, by number. */
  readonly ids: string[] = [];
  readonly #numbers = new Map<string, number>();
  /** Per action step: its identifiers' numbers and shapes, in the order the text gives them. */
  readonly #calls: (readonly (readonly [number, IdentifierShape])[] | undefined)[];
  /** Finds every identifier in a text in one pass. */
  readonly #automaton: IdentifierAutomaton;
  /**
   * The identifiers in each step of the list, found once; the fold keeps those of other step
   * objects (a strategy's variants and summaries) while it runs, so they go with it.
   */
  readonly #lists: (readonly number[] | undefined)[] = [];
  readonly #positions = new Map<Step, number>();
  /** `#first[n]`: the first step whose text contains identifier n (built on first use). */
  #first: Int32Array | undefined;

  constructor(steps: readonly Step[]) {
    this.#steps = steps;
    this.#calls = steps.map((s) => {
      if (s.kind !== 'action') return undefined;
      const out: [number, IdentifierShape][] = [];
      for (const [id, shape] of identifierShapes(outputText(s)))
        out.push([this.#number(id), shape]);
      return out;
    });
    this.#automaton = new IdentifierAutomaton(this.ids);
    steps.forEach((s, i) => this.#positions.set(s, i));
  }

  static #cache = new WeakMap<readonly Step[], IdentifierIndex>();

  /** The index of a step list, made once while the list lives (lists are never mutated). */
  static of(steps: readonly Step[]): IdentifierIndex {
    let index = IdentifierIndex.#cache.get(steps);
    if (!index) IdentifierIndex.#cache.set(steps, (index = new IdentifierIndex(steps)));
    return index;
  }

  #number(id: string): number {
    let n = this.#numbers.get(id);
    if (n !== undefined) return n;
    n = this.ids.length;
    this.ids.push(id);
    this.#numbers.set(id, n);
    return n;
  }

  /** The identifiers (numbers, shapes) the call producing step k writes; none unless an action. */
  callAt(k: number): readonly (readonly [number, IdentifierShape])[] {
    return this.#calls[k] ?? [];
  }

  /** The identifiers a step object's text contains, each once. */
  containedIn(step: Step, others: Map<Step, readonly number[]>): readonly number[] {
    const i = this.#positions.get(step);
    if (i !== undefined) return (this.#lists[i] ??= this.#scanned(step));
    let out = others.get(step);
    if (out === undefined) others.set(step, (out = this.#scanned(step)));
    return out;
  }

  /**
   * Builds all a first check reads: every step's identifiers and where each first appears (a run's
   * worker does it once the compare or plan view is open, load-files.ts `prepareAll`, so a first
   * comparison only folds).
   */
  static prepare(steps: readonly Step[]): void {
    IdentifierIndex.of(steps).#firsts();
  }

  /**
   * The identifiers in a step's text. The text is made for the scan and let go: the numbers are
   * what is kept (`textOf` keeps every step's text, a second copy of the run's text: 57 MB of the
   * history worker's heap on the 53 MB file).
   */
  #scanned(step: Step): readonly number[] {
    return this.#automaton.scan(visibleText([step]));
  }

  /** `[n]`: the first step whose text contains identifier n, or -1 (built on first use). */
  #firsts(): Int32Array {
    if (!this.#first) {
      const first = new Int32Array(this.ids.length).fill(-1);
      this.#steps.forEach((s, i) => {
        for (const m of (this.#lists[i] ??= this.#scanned(s))) if (first[m] === -1) first[m] = i;
      });
      this.#first = first;
    }
    return this.#first;
  }

  /** The first step whose text contains identifier n, when it comes before step k; -1 otherwise. */
  firstBefore(n: number, k: number): number {
    const at = this.#firsts()[n] as number;
    return at >= 0 && at < k ? at : -1;
  }
}

const NO_STEPS: StepsAt = { length: 0, at: () => undefined };

/** One strategy's check over one run, fed each call's context in order (`call`). */
export class LostIdentifierFold {
  readonly lost: LostIdentifier[] = [];
  readonly #steps: readonly Step[];
  readonly #index: IdentifierIndex;
  /** `#held[n]`: how many step objects of the current context contain identifier n. */
  readonly #held: Int32Array;
  readonly #gone: Uint8Array;
  readonly #others = new Map<Step, readonly number[]>();
  #context: StepsAt = NO_STEPS;

  constructor(steps: readonly Step[], index = IdentifierIndex.of(steps)) {
    this.#steps = steps;
    this.#index = index;
    this.#held = new Int32Array(index.ids.length);
    this.#gone = new Uint8Array(index.ids.length);
  }

  /**
   * The context of the call producing step k, read in place; its steps before `unchanged` are the
   * previous call's objects at the same positions (0 when nothing is known, `Infinity` when the
   * context only grew).
   */
  call(k: number, context: StepsAt, unchanged: number, changes?: ContextChanges): void {
    if (changes) this.#change(context, changes);
    else this.#follow(context, unchanged);
    const ids = this.#index.callAt(k);
    for (const [n, shape] of ids) {
      if (this.#gone[n] === 1 || (this.#held[n] as number) > 0) continue;
      // Only an identifier seen before the call can be lost.
      const at = this.#index.firstBefore(n, k);
      if (at < 0) continue;
      this.#gone[n] = 1;
      const id = this.#index.ids[n] as string;
      const step = this.#steps[k] as ActionStep;
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

  /** The counts follow the steps that left the context and those that entered it. */
  #change(next: StepsAt, { leaving, entering }: ContextChanges): void {
    const held = this.#held;
    for (const s of leaving)
      for (const m of this.#index.containedIn(s, this.#others)) held[m] = (held[m] as number) - 1;
    for (const s of entering)
      for (const m of this.#index.containedIn(s, this.#others)) held[m] = (held[m] as number) + 1;
    this.#context = next;
  }

  /** The counts follow the context: the steps after the first changed position leave, the new come. */
  #follow(next: StepsAt, unchanged: number): void {
    const prev = this.#context;
    const n = Math.min(prev.length, next.length);
    let d = Math.min(Math.max(0, unchanged), n);
    while (d < n && prev.at(d) === next.at(d)) d++;
    const held = this.#held;
    for (let j = d; j < prev.length; j++)
      for (const m of this.#index.containedIn(prev.at(j) as Step, this.#others))
        held[m] = (held[m] as number) - 1;
    for (let j = d; j < next.length; j++)
      for (const m of this.#index.containedIn(next.at(j) as Step, this.#others))
        held[m] = (held[m] as number) + 1;
    this.#context = next;
  }
}
