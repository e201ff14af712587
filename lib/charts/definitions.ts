/**
 * What every number Stepscope shows means, in one table: a short label, one sentence a person reads
 * in the tooltip beside the number, and how it is computed. The run totals, the compare view's
 * summary table and reported-usage check, and the usage view's tables take their labels from here,
 * and the "What these numbers mean" page (app/help) lists the whole table, so a label, its tooltip
 * and the help page cannot say different things. Lists of ids below say which figures each view
 * shows, in its order; a test checks each has its definition. The fleet and paired views'
 * definitions are in fleet-definitions.ts.
 */
import { define, type Definition } from './definition';
import { FLEET_DEFINITIONS } from './fleet-definitions';

export { DEFINITION_GROUPS, type Definition, type DefinitionGroup } from './definition';

export const DEFINITIONS = define([
  {
    id: 'steps',
    group: 'run',
    label: 'Steps',
    definition:
      'The steps of the run on screen: its system prompt, tasks, the model’s actions, notes, plans, answers and summaries.',
    computed:
      'Counted as the file is read into Stepscope’s step model; a sub-agent’s steps belong to the sub-agent, shown when you open it.',
  },
  {
    id: 'tool-calls',
    group: 'run',
    label: 'Tool calls',
    definition:
      'The tool calls the model made in this run, and how many of them ended in an error.',
    computed:
      'Every tool call of every action step (parallel calls each count); a command the model wrote in its text, where the framework runs it so, is its call.',
  },
  {
    id: 'one-pass',
    group: 'run',
    label: 'One pass',
    definition:
      'Every step the model reads, sent once: the input one request carrying the whole conversation would be.',
    computed:
      'The tokens of each step at least one model call receives, once, plus the reply priming once. The last reply (output no call reads back) and a step a compaction replaced before any call saw it are left out. This run only: sub-agents count on their own.',
  },
  {
    id: 'run-input',
    group: 'run',
    label: 'Run input',
    definition:
      'What the model calls received in all with nothing pruned: each call resends the history before it.',
    computed:
      'The sum over this run’s model calls of the context sending everything gives each (the steps before it, less what a compaction the run recorded replaced, plus the reply priming). Counted by Stepscope’s tokenizer; what the provider billed is under Reported.',
  },
  {
    id: 'resend-factor',
    group: 'run',
    label: '× one pass',
    definition:
      'How many times over the run’s input sends its steps: 18.8× one pass means the history went out about 19 times.',
    computed: 'Run input ÷ one pass, over the same steps (never below 1 when the run has calls).',
  },
  {
    id: 'peak-context',
    group: 'run',
    label: 'Peak context',
    definition:
      'The largest single request: the context of the run’s biggest model call, to hold against the model’s window.',
    computed:
      'The maximum over the model calls of the context sending everything gives each; after a compaction it is below one pass.',
  },
  {
    id: 'paid',
    group: 'run',
    label: 'Paid',
    definition:
      'What the run cost, its sub-agents included: the cost the file records, else its reported usage priced.',
    computed:
      'The file’s own cost first (the run’s, else every call’s); else each call’s reported input, cache reads and writes and output priced with its own model at list prices (genai-prices) or yours; else unknown, with the reason. Output included.',
  },
  {
    id: 'tokenizer',
    group: 'run',
    label: 'Counted with',
    definition:
      'The tokenizer Stepscope counts with, and whether its counts are the model’s own (exact) or approximate for it.',
    computed:
      'o200k and cl100k are OpenAI’s tokenizers: exact for the OpenAI models that use them, approximate for Claude, Gemini and open models, which bill with their own (the usage view measures the ratio on the run). Before counts arrive, chars ÷ 4.',
  },
  {
    id: 'strategy-runs',
    group: 'compare',
    label: 'Runs',
    definition:
      'When the strategy runs (its trigger) and on what: stateless on the full history each time, or in place on what it left the time before.',
    computed:
      'The card’s trigger and mode. A strategy with a threshold of its own is checked at every trigger and acts only past it.',
  },
  {
    id: 'input-over-run',
    group: 'compare',
    label: 'Input over the run',
    definition:
      'The run input under this strategy: what every model call would have received, summed.',
    computed:
      'The strategy replayed call by call (each call’s context is its view of the steps before it); the “none” row is sending everything, the run input card.',
  },
  {
    id: 'strategy-peak',
    group: 'compare',
    label: 'Peak context',
    definition: 'The largest request under this strategy.',
    computed: 'The maximum over the model calls of the strategy’s context.',
  },
  {
    id: 'saved',
    group: 'compare',
    label: 'Saved',
    definition: 'Input tokens the strategy saves over the run against sending everything.',
    computed: 'none’s input over the run − the strategy’s.',
  },
  {
    id: 'saved-share',
    group: 'compare',
    label: 'Saved %',
    definition: 'What the strategy saves, as a share of sending everything’s input over the run.',
    computed: 'Saved ÷ none’s input over the run.',
  },
  {
    id: 'truncated',
    group: 'compare',
    label: 'Truncated',
    definition:
      'Steps of the run the strategy sends cut short, in what the call after the last step would receive.',
    computed: 'The strategy’s fates over the whole run: steps with a part cut or replaced.',
  },
  {
    id: 'removed',
    group: 'compare',
    label: 'Removed',
    definition:
      'Steps of the run the strategy no longer sends, in what the call after the last step would receive.',
    computed: 'The strategy’s fates over the whole run: steps dropped.',
  },
  {
    id: 'summarized',
    group: 'compare',
    label: 'Summarized',
    definition:
      'Steps of the run the strategy replaced with a summary, in what the call after the last step would receive.',
    computed:
      'The strategy’s fates over the whole run: steps a summary stands for (the built-in summarizer is extractive, a stand-in for a model’s summary).',
  },
  {
    id: 'calls-over-window',
    group: 'compare',
    label: 'Calls over window',
    definition:
      'Model calls whose context is larger than the model’s context window: requests the provider would refuse.',
    computed:
      'Calls whose context exceeds the window of the model that applies (the run’s, the one you picked, or an assumed 128,000 when neither is known).',
  },
  {
    id: 'warnings',
    group: 'compare',
    label: 'Warnings',
    definition:
      'What the strategy’s context breaks: a tool result sent without its call or the reverse, the system prompt or the first task dropped, a context over the window, summaries over seed 003’s 1,000 characters.',
    computed:
      'Checked on what the call after the last step would receive, and on every call for the window.',
  },
  {
    id: 'lost-identifiers',
    group: 'compare',
    label: 'Lost identifiers',
    definition:
      'Identifiers (paths, ids, numbers, quoted names) a call used that appeared earlier in the run but are no longer in that call’s context under the strategy: what the model had to have.',
    computed:
      'At each checked call, identifiers in the model’s text and tool-argument values that an earlier step holds and the strategy’s context for that call does not; each counted once, at its first loss.',
  },
  {
    id: 'cached-input',
    group: 'compare',
    label: 'Cached input',
    definition:
      'The share of the strategy’s input over the run the provider’s prompt cache serves, billed at the cached price.',
    computed:
      'Per call, the prefix it shares with the previous call is cached when it reaches the model’s minimum (1,024 to 4,096 tokens by model) and the previous call came within the cache’s lifetime; Σ cached ÷ Σ input. The ranking’s sentences read the same bill.',
  },
  {
    id: 'cost-cached',
    group: 'compare',
    label: 'Cost, cached',
    definition:
      'The run’s input cost under the strategy with prompt caching, at the model’s list prices (or yours): the cost the ranking compares.',
    computed:
      'Σ per call: cached tokens × the cached price + new tokens × the cache-write price (the input price where writes cost nothing extra, or the request is under the minimum). Input only: strategies do not change output.',
  },
  {
    id: 'cost-uncached',
    group: 'compare',
    label: 'Cost, uncached',
    definition: 'The same input at the plain input price, as if nothing were cached.',
    computed:
      'Input over the run × the input price (a long-context tier prices the whole request).',
  },
  {
    id: 'saved-cost-share',
    group: 'compare',
    label: 'Saved % cached',
    definition:
      'The cached cost saved against sending everything; negative when the strategy costs more because it keeps restarting the cache.',
    computed: '(none’s cached cost − the strategy’s) ÷ none’s cached cost.',
  },
  {
    id: 'reported',
    group: 'check',
    label: 'Reported',
    definition:
      'What the file says the provider billed for the run’s input: uncached input, cache reads and cache writes.',
    computed:
      'The usage each call records, as its provider counts (its own tokenizer, with the system prompt and tool definitions the file may not hold), priced at the model’s list prices. What you paid in all, output included, is on the Usage & cost tab.',
  },
  {
    id: 'replayed',
    group: 'check',
    label: 'Sending everything',
    definition:
      'Stepscope’s replay of the run with nothing pruned: the one cost of sending everything, the “none” row of the summary table.',
    computed:
      'Each call’s context counted from the steps in the file, its cached part from the shared prefix, priced like every strategy.',
  },
  {
    id: 'calibrated',
    group: 'check',
    label: 'Calibrated',
    definition:
      'Not a cost to pay: the replay with the gap to the file fitted away, to show how much of the gap the two known causes explain.',
    computed:
      'reported ≈ offset + scale × counted, fitted on the calls: the offset is what every request carries that the file does not record (a system prompt, tool definitions), the scale the provider’s tokenizer against Stepscope’s. What is left is the gap the cache model does not explain.',
  },
  {
    id: 'call',
    group: 'usage',
    label: 'Call',
    definition: 'The model call, in order.',
    computed: 'Each action, note or plan step the model wrote is one call.',
  },
  {
    id: 'call-step',
    group: 'usage',
    label: 'Step',
    definition: 'The step the call produced; open it to see what the model wrote.',
    computed: 'The step’s number in the run.',
  },
  {
    id: 'call-model',
    group: 'usage',
    label: 'Model',
    definition: 'The model the file names for the call.',
    computed: 'As the file writes it; prices resolve it through the catalog.',
  },
  {
    id: 'counted',
    group: 'usage',
    label: 'Stepscope',
    definition:
      'The context sending everything gives the call, counted by Stepscope as the run’s framework sent it.',
    computed:
      'The steps before the call (less what a recorded compaction replaced) in the recorded dialect, plus the reply priming.',
  },
  {
    id: 'call-reported',
    group: 'usage',
    label: 'Reported',
    definition: 'The prompt the file says the provider billed for the call.',
    computed:
      'Uncached + cache read + cache write, whatever the file’s convention (cached inside or beside).',
  },
  {
    id: 'uncached',
    group: 'usage',
    label: 'Uncached',
    definition: 'Input neither read from nor written to the cache.',
    computed: 'From the call’s reported usage.',
  },
  {
    id: 'cache-read',
    group: 'usage',
    label: 'Cache read',
    definition: 'Input the provider served from its prompt cache, at the cached price.',
    computed: 'From the call’s reported usage.',
  },
  {
    id: 'cache-write',
    group: 'usage',
    label: 'Cache write',
    definition: 'Input written to the prompt cache (of which 1-hour writes), at the write price.',
    computed: 'From the call’s reported usage.',
  },
  {
    id: 'output',
    group: 'usage',
    label: 'Output',
    definition: 'Tokens the model wrote for the call.',
    computed: 'From the call’s reported usage.',
  },
  {
    id: 'gap',
    group: 'usage',
    label: 'Gap',
    definition:
      'Reported − Stepscope: what the provider counted that Stepscope’s replay does not (or the reverse, when negative).',
    computed:
      'In tokens; the panel above explains it from the run (an unrecorded prefix, another tokenizer).',
  },
  {
    id: 'gap-share',
    group: 'usage',
    label: 'Gap %',
    definition: 'The gap as a share of what the file reports.',
    computed: '(reported − Stepscope) ÷ reported.',
  },
  {
    id: 'recorded-cost',
    group: 'usage',
    label: 'Recorded $',
    definition: 'The cost the file records for this call, when it records one.',
    computed: 'As written by the framework.',
  },
  {
    id: 'priced-cost',
    group: 'usage',
    label: 'Priced $',
    definition: 'The call’s reported usage priced: what it cost at list prices (or yours).',
    computed:
      'Uncached input, cache reads, cache writes and output priced with the call’s own model from genai-prices; ↑ marks a long-context tier.',
  },
  ...FLEET_DEFINITIONS,
]);

export type DefinitionId = (typeof DEFINITIONS)[number]['id'];

const BY_ID: ReadonlyMap<string, Definition> = new Map(DEFINITIONS.map((d) => [d.id, d]));

export function definitionOf(id: DefinitionId): Definition {
  return BY_ID.get(id) as Definition;
}

/** The run totals' cards, in order (the factor sits on the run input card). */
export const TOTALS_FIGURES: readonly DefinitionId[] = [
  'steps',
  'tool-calls',
  'one-pass',
  'run-input',
  'resend-factor',
  'peak-context',
  'paid',
];

/** The compare view's summary table, its columns after the strategy's name. */
export const SUMMARY_COLUMNS: readonly DefinitionId[] = [
  'strategy-runs',
  'input-over-run',
  'strategy-peak',
  'saved',
  'saved-share',
  'truncated',
  'removed',
  'summarized',
  'calls-over-window',
  'warnings',
  'lost-identifiers',
  'cached-input',
  'cost-cached',
  'cost-uncached',
  'saved-cost-share',
];

/** The check of sending everything against the file's usage, its rows. */
export const CHECK_ROWS: readonly DefinitionId[] = ['reported', 'replayed', 'calibrated'];

/** The usage view's table, call by call. */
export const RECONCILE_COLUMNS: readonly DefinitionId[] = [
  'call',
  'call-step',
  'call-model',
  'counted',
  'call-reported',
  'uncached',
  'cache-read',
  'cache-write',
  'output',
  'gap',
  'gap-share',
  'recorded-cost',
  'priced-cost',
];

/** The fleet comparison's summary table, its columns after the strategy's name. */
export const FLEET_COLUMNS: readonly DefinitionId[] = [
  'fleet-input',
  'fleet-saved-share',
  'fleet-cost-cached',
  'fleet-cost-uncached',
  'fleet-saved-p10',
  'fleet-saved-median',
  'fleet-saved-p90',
  'fleet-lost',
  'fleet-over-window',
  'fleet-wins',
];
