/**
 * The definitions of the fleet figures (the runs overview's comparison over every run) and of the
 * paired view's, in their own file: definitions.ts spreads them into the one table every view and
 * the help page read.
 */
import { define } from './definition';

export const FLEET_DEFINITIONS = define([
  {
    id: 'fleet-input',
    group: 'fleet',
    label: 'Fleet input',
    definition:
      'The input tokens of every run of the fleet under the strategy, summed: what all the model calls of all the runs would have received.',
    computed:
      'Each run replayed as the compare view replays one run (the tokenizer’s exact counts), its input over the run, summed over the runs; the “Sending everything” row is the same sum with nothing pruned.',
  },
  {
    id: 'fleet-saved-share',
    group: 'fleet',
    label: 'Saved % of the fleet',
    definition:
      'What the strategy saves over the whole fleet, as a share of sending everything’s input over every run.',
    computed:
      '(fleet input sending everything − fleet input under the strategy) ÷ fleet input sending everything: large runs weigh more than small ones.',
  },
  {
    id: 'fleet-cost-cached',
    group: 'fleet',
    label: 'Fleet cost, cached',
    definition:
      'The input cost of every run under the strategy with prompt caching, at each run’s model’s list prices (or yours), summed.',
    computed:
      'Each run priced as the compare view prices one (its own model, or the model chosen); runs whose model has no price are left out of every cost, and the table says how many were priced.',
  },
  {
    id: 'fleet-cost-uncached',
    group: 'fleet',
    label: 'Fleet cost, uncached',
    definition: 'The same input at the plain input price, as if nothing were cached, summed.',
    computed: 'As “Fleet cost, cached”, every input token at the uncached price.',
  },
  {
    id: 'fleet-saved-p10',
    group: 'fleet',
    label: 'Saved % p10',
    definition:
      'The saving one run in ten stays under: the low end of what the strategy saves per run.',
    computed:
      'Each run’s own saved % (its saved tokens over its input sending everything), the 10th percentile, interpolated between the nearest runs (numpy’s default).',
  },
  {
    id: 'fleet-saved-median',
    group: 'fleet',
    label: 'Saved % median',
    definition: 'What the strategy saves on the typical run: half the runs save less, half more.',
    computed:
      'The median of the runs’ own saved %; the mean of the middle two for an even number of runs.',
  },
  {
    id: 'fleet-saved-p90',
    group: 'fleet',
    label: 'Saved % p90',
    definition: 'The saving only one run in ten passes: the high end of what the strategy saves.',
    computed: 'The 90th percentile of the runs’ own saved %, interpolated as the p10 is.',
  },
  {
    id: 'fleet-lost',
    group: 'fleet',
    label: 'Identifiers lost',
    definition:
      'Identifiers a call used that an earlier step of its run held but the strategy’s context no longer does, summed over the runs (the median run’s count beside it).',
    computed:
      'Each run’s lost identifiers as the compare view finds them (lib/compare/identifiers.ts), summed; the median over the runs.',
  },
  {
    id: 'fleet-over-window',
    group: 'fleet',
    label: 'Runs over window',
    definition:
      'Runs in which at least one model call’s context under the strategy is larger than the model’s window: runs the provider would have refused a request of.',
    computed: 'A run counts once however many of its calls are over the window.',
  },
  {
    id: 'fleet-wins',
    group: 'fleet',
    label: 'Wins',
    definition:
      'Runs on which this strategy saved the most input of the strategies compared; ties count for each, and a run where none saves anything counts for none.',
    computed: 'Per run, the strategies with the largest saved tokens (above zero), counted.',
  },
  {
    id: 'fleet-runs',
    group: 'fleet',
    label: 'Runs',
    definition:
      'The runs the row sums over: every run of the fleet, or those a results file (else the run’s own outcome) says were resolved, or not.',
    computed:
      'A results file picked with the runs (the SWE-bench harness report, or a list of instances with “resolved”) decides; else a reward of 1 is resolved and a lower one not; runs nothing decides are “outcome unknown”.',
  },
  {
    id: 'fleet-run-saved',
    group: 'fleet',
    label: 'Run saved %',
    definition:
      'What the strategy saves on this one run, as a share of sending everything’s input over it.',
    computed:
      'The run’s saved tokens ÷ its input sending everything; the same figure as “Saved %” in that run’s own comparison.',
  },
  {
    id: 'pair-matched',
    group: 'pair',
    label: 'Matched tasks',
    definition: 'Tasks both fleets ran: the ones the paired view compares.',
    computed:
      'Each run’s task is its instance or task id (a SWE-bench instance, a tau-bench task, a GAIA question’s first line); a task run more than once on one side is matched on its first run.',
  },
  {
    id: 'pair-only-in',
    group: 'pair',
    label: 'Only in A / only in B',
    definition: 'Tasks one fleet ran and the other did not: left out of every difference.',
    computed: 'The task ids of one fleet missing from the other.',
  },
  {
    id: 'pair-only-solves',
    group: 'pair',
    label: 'Only A solves / only B solves',
    definition: 'Matched tasks one fleet solved and the other did not.',
    computed:
      'Solved as the run’s file says: a reward of 1 (tau-bench), or an answer equal to the expected one after the benchmark’s own normalization (smolagents’ GAIA runs); a results file picked with a fleet’s runs (a submission’s results_summary.json, SWE-bench’s resolved_ids; the CLI’s --results and --pair-results) decides first. A task no file judges on either side is unknown.',
  },
  {
    id: 'pair-diff-steps',
    group: 'pair',
    label: 'Δ steps',
    definition: 'Fleet B’s steps on the task minus fleet A’s.',
    computed:
      'Steps of each side’s run as read into Stepscope’s step model; negative: B took fewer.',
  },
  {
    id: 'pair-diff-input',
    group: 'pair',
    label: 'Δ input tokens',
    definition:
      'Fleet B’s input tokens over the run minus fleet A’s: what B sent the model more (or less).',
    computed:
      'Each run replayed sending everything, every call’s context counted with the tokenizer on screen, summed over the run; B minus A.',
  },
  {
    id: 'pair-diff-cost',
    group: 'pair',
    label: 'Δ cost',
    definition: 'Fleet B’s cost of the run minus fleet A’s, when both models have a price.',
    computed:
      'Each run’s calls priced with its own model (cache reads and writes as the provider bills them, your prices over the catalog’s); B minus A.',
  },
  {
    id: 'pair-median',
    group: 'pair',
    label: 'Median difference',
    definition: 'The middle per-task difference: half the matched tasks differ less, half more.',
    computed:
      'The median over the matched tasks (the mean of the middle two for an even count); cost over the tasks priced on both sides.',
  },
]);
