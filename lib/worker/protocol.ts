/**
 * Messages between the page and the history worker (parsing, importing, counting, comparing and the
 * library, off the main thread). Every request names its type; `AnswerOf` maps each one-answer request
 * to the response it gets, so the page's `ask` (client.ts) is typed end to end.
 */
import type { Comparison } from '../compare/compare';
import type { CallFate } from '../compare/context-at';
import type { StrategyChoice } from '../compare/config';
import type { CustomOutput } from '../compare/custom-run';
import type { SweepResult } from '../compare/sweep';
import type { FileSummary } from '../library/library';
import type { FleetRow } from '../fleet/overview';
import type { FleetAggregate, FleetRun } from '../fleet/aggregate';
import type { NamedChoice } from '../fleet/run';
import type { PairedTask, PairSummary } from '../fleet/pair';
import type { Dialect } from '../messages/types';
import type { StepQuery } from '../model/query';
import type { History, Step } from '../model/types';
import type { RunSummary } from '../model/run-summary';
import type { Estimate } from '../tokens/step-tokens';
import type { PriceOverrides } from '../pricing/overrides';
import type { PriceSheet } from '../simulate/cache';
import type { TokenizerId } from '../tokens/tokenizer';

/** A picked file and its path inside the picked folder ('/'-separated; the bare name when no folder). */
export interface PickedFile {
  readonly file: File;
  readonly path: string;
}

/** How the steps of a loaded file are counted: the tokenizer and the dialect their messages take. */
export interface Counting {
  readonly tokenizer: TokenizerId;
  readonly dialect: Dialect;
}

/** Which loaded history to compare on, and how tokens are counted. */
export interface CompareTarget extends Counting {
  readonly run: number;
  readonly sub: readonly string[];
  readonly model?: string;
}

type Custom = Readonly<Record<number, CustomOutput | string>>;

/** One text (a bundled example, pasted JSON); `keep`: add it to the library once it loads. */
export interface LoadRequest extends Counting {
  readonly type: 'load';
  readonly requestId: number;
  readonly name: string;
  readonly text: string;
  readonly keep?: boolean;
}
/** Several texts at once: each file's runs join one list; files that fail are reported, the rest load. */
export interface LoadManyRequest extends Counting {
  readonly type: 'load-many';
  readonly requestId: number;
  readonly files: readonly { name: string; text: string }[];
}
/** Files the user picked or dropped (with folders), read in the worker (a File clones cheaply; its text would be copied). */
export interface ReadFilesRequest extends Counting {
  readonly type: 'read-files';
  readonly requestId: number;
  readonly files: readonly PickedFile[];
}
/** A library entry, read from IndexedDB in the worker (its original bytes, as when it was picked). */
export interface OpenLibraryRequest extends Counting {
  readonly type: 'open-library';
  readonly requestId: number;
  readonly id: string;
}
/** The loaded file counted again (another tokenizer or dialect). */
export interface CountRequest extends Counting {
  readonly type: 'count';
  readonly requestId: number;
}
/** One run of the loaded file, with its sub-agents (the page holds only the run on screen, previewed when large). */
export interface RunRequest {
  readonly type: 'run';
  readonly requestId: number;
  readonly index: number;
}
/** Where a history of the loaded file is: its run and the path of sub-agent ids under it. */
export interface HistoryPlace {
  readonly run: number;
  readonly sub: readonly string[];
}
/** One whole step of a run the page holds as a preview (the inspector). */
export interface StepRequest extends HistoryPlace {
  readonly type: 'step';
  readonly requestId: number;
  readonly index: number;
}
/** A whole history, when the page holds a preview (the plan view, custom strategies). */
export interface WholeRequest extends HistoryPlace {
  readonly type: 'whole';
  readonly requestId: number;
}
/** The steps of a history that match a query, searched in their whole texts. */
export interface SearchRequest extends HistoryPlace {
  readonly type: 'search';
  readonly requestId: number;
  readonly query: StepQuery;
}
/** The loaded file's record at a JSON pointer (the inspector's "original record"). */
export interface RecordRequest {
  readonly type: 'record';
  readonly requestId: number;
  readonly file: string;
  readonly pointer: string;
}
/** Strategies side by side over one loaded history (the compare view). */
export interface CompareRequest {
  readonly type: 'compare';
  readonly requestId: number;
  readonly target: CompareTarget;
  readonly choices: readonly StrategyChoice[];
  /** Custom functions' outputs from the sandbox (or their errors), by choice index. */
  readonly custom?: Custom;
}
/** Each choice's context at the call that produced step `stepIndex`. */
export interface ContextAtRequest {
  readonly type: 'context-at';
  readonly requestId: number;
  readonly target: CompareTarget;
  readonly choices: readonly StrategyChoice[];
  readonly stepIndex: number;
  readonly custom?: Custom;
}
/** One strategy at each value of one parameter: cost against information lost (progress per value). */
export interface SweepRequest {
  readonly type: 'sweep';
  readonly requestId: number;
  readonly target: CompareTarget;
  readonly choice: StrategyChoice;
  readonly param: string;
  readonly values: readonly number[];
  readonly sheet?: PriceSheet;
}

/**
 * Every run of the loaded file as one row of the fleet overview (lib/fleet/overview.ts), counted
 * with `tokenizer` (`heuristic` for the chars/4 first estimate the page shows at once).
 */
export interface FleetRequest extends Counting {
  readonly type: 'fleet';
  readonly requestId: number;
  readonly prices?: PriceOverrides;
}

/**
 * The strategies over every run of the loaded file (the fleet comparison), counted with the
 * file's counts for `tokenizer` and `dialect`; finished runs stream as `fleet-compare-part`.
 */
export interface FleetCompareRequest extends Counting {
  readonly type: 'fleet-compare';
  readonly requestId: number;
  /** Each strategy with the name the fleet's figures carry (a preset id, a strategy id). */
  readonly choices: readonly NamedChoice[];
  /** Every run priced and windowed as this model (absent: each run's own). */
  readonly model?: string;
  readonly prices?: PriceOverrides;
}
/** Stops the request `requestId` names between two runs (a fleet comparison; others ignore it). */
export interface CancelRequest {
  readonly type: 'cancel';
  readonly requestId: number;
}
/**
 * The page has drawn the first run of load `requestId`: the load's exact counts and its library
 * copy, which wait for this (at most `PageDelivery.drawnWait`), go on. Until then the page's first
 * render has the cores: the counts on both of them made it 150-250 ms later.
 */
export interface DrawnRequest {
  readonly type: 'drawn';
  readonly requestId: number;
}
/**
 * A view that applies strategies (compare, plan steps) is on screen: the loaded file's strategy
 * indexes are built for this counter once its counts are in (load-files.ts `prepareAll`), so the
 * first strategy picked applies at once. Nothing answers it; a load alone builds none of them (60 MB
 * of the 53 MB file's 340 MB peak went to indexes a run that is only viewed never reads). Its
 * `requestId` is an ask's that nobody waits for.
 */
export interface PrepareRequest extends Counting {
  readonly type: 'prepare';
  readonly requestId: number;
}
/**
 * The loaded fleet (A) paired task by task with another (B: the picked files, read once per `pick`
 * and kept), every run of both compared on the named presets (lib/worker/pair-requests.ts).
 */
export interface PairRequest extends Counting {
  readonly type: 'pair';
  readonly requestId: number;
  /** Which pick of fleet B this is: the worker reads `files` again only for a new one. */
  readonly pick: number;
  readonly files: readonly PickedFile[];
  /** Preset ids (lib/compare/presets.ts), in column order. */
  readonly presets: readonly string[];
  readonly prices?: PriceOverrides;
}

export type WorkerRequest =
  | LoadRequest
  | LoadManyRequest
  | ReadFilesRequest
  | OpenLibraryRequest
  | CountRequest
  | RunRequest
  | StepRequest
  | WholeRequest
  | SearchRequest
  | RecordRequest
  | CompareRequest
  | ContextAtRequest
  | SweepRequest
  | FleetRequest
  | FleetCompareRequest
  | CancelRequest
  | DrawnRequest
  | PrepareRequest
  | PairRequest;

/** Requests that load a file (the latest one wins on the page; each ends with counts). */
export type LoadingRequest = LoadRequest | LoadManyRequest | ReadFilesRequest | OpenLibraryRequest;

export type ProgressResponse = {
  readonly type: 'progress';
  readonly requestId: number;
  readonly progress: number;
};
export type FailedResponse = {
  readonly type: 'failed';
  readonly requestId: number;
  readonly message: string;
};
export type RunResponse = {
  readonly type: 'run';
  readonly requestId: number;
  readonly index: number;
  readonly history: History;
};
export type StepResponse = {
  readonly type: 'step';
  readonly requestId: number;
  readonly step: Step;
};
export type WholeResponse = {
  readonly type: 'whole';
  readonly requestId: number;
  readonly history: History;
};
export type FoundResponse = {
  readonly type: 'found';
  readonly requestId: number;
  readonly indices: number[];
};
export type RecordResponse = {
  readonly type: 'record';
  readonly requestId: number;
  readonly pointer: string;
  readonly text: string;
};
export type ComparedResponse = {
  readonly type: 'compared';
  readonly requestId: number;
  readonly comparison: Comparison;
};
export type SweptResponse = {
  readonly type: 'swept';
  readonly requestId: number;
  readonly sweep: SweepResult;
};
export type ContextsResponse = {
  readonly type: 'contexts';
  readonly requestId: number;
  /** The model call answered: the request's step, or the call it stands for when it is no call. */
  readonly stepIndex: number;
  /** Per choice, what the model receives at that call ([] for a refused choice). */
  readonly contexts: readonly (readonly Step[])[];
  readonly tokens: readonly number[];
  /**
   * Per choice, every step before the call with its fate at that call (undefined for a refused
   * choice). Added with issue 25: the compare rows follow the call on screen.
   */
  readonly fates: readonly (readonly CallFate[] | undefined)[];
  /** The leading steps every choice sends alike at that call (shown once, folded). */
  readonly shared: { readonly steps: number; readonly tokens: number };
};

export type FleetResponse = {
  readonly type: 'fleet-rows';
  readonly requestId: number;
  /** The tokenizer the rows were counted with: `heuristic` is the chars/4 estimate. */
  readonly tokenizer: TokenizerId;
  readonly rows: readonly FleetRow[];
};

/** The fleet comparison's answer: every run's result and the fleet's aggregate of them. */
export interface FleetComparison {
  readonly runs: readonly FleetRun[];
  readonly aggregate: FleetAggregate;
  /** Whether outcomes come from a results file the folder held (else each file's own outcome). */
  readonly resultsFile: boolean;
}
/** Runs of a fleet comparison finished since the last part (`done` of `total` so far). */
export type FleetComparePartResponse = {
  readonly type: 'fleet-compare-part';
  readonly requestId: number;
  readonly done: number;
  readonly total: number;
  readonly runs: readonly FleetRun[];
};
export type FleetComparedResponse = {
  readonly type: 'fleet-compared';
  readonly requestId: number;
  readonly comparison: FleetComparison;
};
export type PairResponse = {
  readonly type: 'paired';
  readonly requestId: number;
  /** Fleet B's name (its folder, file, or file count). */
  readonly name: string;
  /** B's picked paths that held runs: what opening one of B's runs loads. */
  readonly runPaths: readonly string[];
  /** B's files that did not import (a score file beside the runs), and import warnings. */
  readonly warnings: readonly string[];
  readonly tasks: readonly PairedTask[];
  readonly summary: PairSummary;
  /** The presets over each fleet's matched tasks. */
  readonly strategies: { readonly a: FleetAggregate; readonly b: FleetAggregate };
};

export type WorkerResponse =
  | ProgressResponse
  /** A file loaded: every run summarized, and the first run whole (the worker keeps the file). */
  | {
      readonly type: 'loaded';
      readonly requestId: number;
      readonly name: string;
      readonly format: string;
      readonly runs: RunSummary[];
      /** The first run, previewed when large (lib/model/preview.ts); its first steps only when `more`. */
      readonly first: History;
      /** How many more steps of the first run follow, in `steps` messages. */
      readonly more: number;
      readonly warnings: string[];
      /**
       * Every run's chars/4 counts of its whole steps, in the dialect the load asked for: the page
       * shows them until the exact counts arrive, and never estimates on its own thread. Here
       * when this message holds the whole first run (`more` is 0), else in the last `steps`.
       */
      readonly estimate?: Estimate;
    }
  | RunResponse
  /** The next steps of the first run of a file that just loaded (see `more`), the last with `estimate`. */
  | {
      readonly type: 'steps';
      readonly requestId: number;
      readonly steps: Step[];
      readonly estimate?: Estimate;
    }
  | StepResponse
  | WholeResponse
  | FoundResponse
  | ({
      readonly type: 'counts';
      readonly requestId: number;
      readonly exact: boolean;
      readonly byHistory: Record<string, number[]>;
    } & Counting)
  | RecordResponse
  | ComparedResponse
  | SweptResponse
  | ContextsResponse
  | FleetResponse
  | FleetComparePartResponse
  | FleetComparedResponse
  | PairResponse
  | FailedResponse
  /** The loaded file is in the library (added, or already there and marked opened). */
  | { readonly type: 'stored'; readonly requestId: number; readonly entry: FileSummary }
  /** The file loaded but could not be kept: why (full quota, private window). */
  | { readonly type: 'store-failed'; readonly requestId: number; readonly message: string };

/** The answer each one-answer request gets (or `failed`). */
export interface AnswerOf {
  run: RunResponse;
  step: StepResponse;
  whole: WholeResponse;
  search: FoundResponse;
  record: RecordResponse;
  compare: ComparedResponse;
  'context-at': ContextsResponse;
  sweep: SweptResponse;
  fleet: FleetResponse;
  'fleet-compare': FleetComparedResponse;
  pair: PairResponse;
}
