/**
 * Every identifier of a run found in a text in one pass over its characters: an Aho-Corasick
 * automaton (Aho and Corasick 1975, "Efficient string matching") over the identifiers.
 *
 * The lost-identifier fold scans the whole run's text once (9.3 MB for a 10,000-call run); a trie
 * walked from every position that might begin an identifier cost ~4× this (measured on that run:
 * 400 against 105 ms). Here each character is one table read: the characters no identifier holds
 * share one class that leads back to the start, the others have a class each, and states' rows of
 * next states are dense. Dense rows grow with states × classes, so only the shallowest states (the
 * automaton is numbered breadth first) get one, up to `DENSE_ENTRIES`; deeper states of an unusually
 * large identifier set keep only their own transitions and follow failure links to a dense state.
 */

/** At most this many dense entries (4 bytes each): 8 MB. A 10,000-call run needs 0.8 million. */
const DENSE_ENTRIES = 1 << 21;

const NONE: readonly number[] = [];

export class IdentifierAutomaton {
  /** `#classOf[char code]`: its class, 0 for a character no identifier holds. */
  readonly #classOf = new Int32Array(65536);
  readonly #classes: number;
  /** States below this have a dense row in `#delta`. */
  readonly #dense: number;
  /** `#delta[state * classes + class]`: the next state, for dense states. */
  readonly #delta: Int32Array;
  /** The other states' own transitions, keyed `state * classes + class`. */
  readonly #goto = new Map<number, number>();
  /** The state of the longest proper suffix that is also a prefix of some identifier. */
  readonly #fail: Int32Array;
  /** `#ends[state]`: the identifier the state spells, or -1. */
  readonly #ends: Int32Array;
  /** `#out[state]`: the state itself or its nearest failure ancestor that ends an identifier; 0 if none. */
  readonly #out: Int32Array;
  /** Marks an identifier already found in the text being scanned. */
  readonly #stamp: Int32Array;
  #scan = 0;

  /** `ids` are numbered by position; every one has at least one character. */
  constructor(ids: readonly string[], denseEntries = DENSE_ENTRIES) {
    const classOf = this.#classOf;
    let classes = 1;
    for (const id of ids)
      for (let i = 0; i < id.length; i++) {
        const c = id.charCodeAt(i);
        if (classOf[c] === 0) classOf[c] = classes++;
      }
    this.#classes = classes;

    // The trie, numbered as made; then breadth first, so failure links point to lower numbers.
    const made: Map<number, number>[] = [new Map()];
    const madeEnds: number[] = [-1];
    ids.forEach((id, n) => {
      let s = 0;
      for (let i = 0; i < id.length; i++) {
        const c = classOf[id.charCodeAt(i)] as number;
        const children = made[s] as Map<number, number>;
        let x = children.get(c);
        if (x === undefined) {
          children.set(c, (x = made.length));
          made.push(new Map());
          madeEnds.push(-1);
        }
        s = x;
      }
      madeEnds[s] = n;
    });
    const order = [0];
    const renumbered = new Int32Array(made.length);
    for (let h = 0; h < order.length; h++)
      for (const x of (made[order[h] as number] as Map<number, number>).values()) {
        renumbered[x] = order.length;
        order.push(x);
      }

    const states = order.length;
    const dense = Math.min(states, Math.max(1, Math.floor(denseEntries / classes)));
    this.#dense = dense;
    const delta = (this.#delta = new Int32Array(dense * classes));
    const fail = (this.#fail = new Int32Array(states));
    const ends = (this.#ends = new Int32Array(states));
    const out = (this.#out = new Int32Array(states));
    this.#stamp = new Int32Array(ids.length);
    for (let s = 0; s < states; s++) {
      const old = order[s] as number;
      const f = fail[s] as number;
      const end = madeEnds[old] as number;
      ends[s] = end;
      out[s] = end >= 0 ? s : (out[f] as number);
      if (s < dense && s > 0) delta.copyWithin(s * classes, f * classes, (f + 1) * classes);
      for (const [c, x] of made[old] as Map<number, number>) {
        const child = renumbered[x] as number;
        fail[child] = s === 0 ? 0 : this.#next(f, c);
        if (s < dense) delta[s * classes + c] = child;
        else this.#goto.set(s * classes + c, child);
      }
    }
  }

  /** The state after reading a character of class c in state s. */
  #next(s: number, c: number): number {
    for (;;) {
      if (s < this.#dense) return this.#delta[s * this.#classes + c] as number;
      const x = this.#goto.get(s * this.#classes + c);
      if (x !== undefined) return x;
      s = this.#fail[s] as number;
    }
  }

  /** The numbers of the identifiers the text contains, each once, in the order their ends are read. */
  scan(text: string): readonly number[] {
    const stamp = ++this.#scan;
    const marks = this.#stamp;
    const classOf = this.#classOf;
    const delta = this.#delta;
    const classes = this.#classes;
    const dense = this.#dense;
    const out = this.#out;
    const fail = this.#fail;
    const ends = this.#ends;
    let found: number[] | undefined;
    let s = 0;
    for (let p = 0; p < text.length; p++) {
      const c = classOf[text.charCodeAt(p)] as number;
      s = s < dense ? (delta[s * classes + c] as number) : this.#next(s, c);
      for (let o = out[s] as number; o > 0; o = out[fail[o] as number] as number) {
        const n = ends[o] as number;
        if (marks[n] === stamp) continue;
        marks[n] = stamp;
        (found ??= []).push(n);
      }
    }
    return found ?? NONE;
  }
}
