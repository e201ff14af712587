/** One figure's definition (its label, tooltip sentence and how it is computed) and its groups. */
export type DefinitionGroup = 'run' | 'compare' | 'check' | 'usage' | 'fleet' | 'pair';

export const DEFINITION_GROUPS: Readonly<Record<DefinitionGroup, string>> = {
  run: 'Run totals',
  compare: 'Comparing strategies',
  check: 'Sending everything, against what the file reports',
  usage: 'Usage and cost, call by call',
  fleet: 'Comparing strategies over a fleet of runs',
  pair: 'Paired fleets',
};

export interface Definition {
  readonly id: string;
  readonly group: DefinitionGroup;
  /** How the figure is headed where it is shown. */
  readonly label: string;
  /** One sentence: what the number is. */
  readonly definition: string;
  /** How Stepscope computes it, and its scope. */
  readonly computed: string;
}

/** A list of definitions with its ids kept as literal types (`DefinitionId`). */
export const define = <const T extends readonly Definition[]>(list: T) => list;
