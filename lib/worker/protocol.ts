/** Messages between the page and the history worker (parsing, importing and counting off the main thread). */
import type { Comparison } from '../compare/compare';
import type { StrategyChoice } from '../compare/config';
import type { CustomOutput } from '../compare/custom-run';
import type { SweepResult } from '../compare/sweep';
import type { PriceSheet } from '../simulate/cache';
import type { Dialect } from '../messages/types';
import type { FileSummary } from '../library/library';
import type { HistoryFile, Step } from '../model/types';
import type { TokenizerId } from '../tokens/tokenizer';

/** A picked file and its path inside the picked folder ('/'-separated; the bare name when no folder). */
export interface PickedFile {
  readonly file: File;
  readonly path: string;
}

export type WorkerRequest =
  /** One text (a bundled example, pasted JSON); `keep`: add it to the library once it loads. */
  | { readonly type: 'load'; readonly requestId: number; readonly name: string; readonly text: string; readonly tokenizer: TokenizerId; readonly keep?: boolean }
  /** Several files at once: each file's runs join one list; files that fail are reported, the rest load. */
  | { readonly type: 'load-many'; readonly requestId: number; readonly files: readonly { name: string; text: string }[]; readonly tokenizer: TokenizerId }
  | { readonly type: 'count'; readonly requestId: number; readonly tokenizer: TokenizerId }
  /** Files the user picked or dropped (with folders), read in the worker (a File clones cheaply; its text would be copied). */
  | { readonly type: 'read-files'; readonly requestId: number; readonly files: readonly PickedFile[]; readonly tokenizer: TokenizerId }
  /** A library entry, read from IndexedDB in the worker (its original bytes, as when it was picked). */
  | { readonly type: 'open-library'; readonly requestId: number; readonly id: string; readonly tokenizer: TokenizerId }
  /** Strategies side by side over one loaded history (the compare view), and optionally each one's context at a call. */
  | {
      readonly type: 'compare';
      readonly requestId: number;
      readonly target: CompareTarget;
      readonly choices: readonly StrategyChoice[];
      /** Custom functions' outputs from the sandbox (or their errors), by choice index. */
      readonly custom?: Readonly<Record<number, CustomOutput | string>>;
    }
  | {
      readonly type: 'context-at';
      readonly requestId: number;
      readonly target: CompareTarget;
      readonly choices: readonly StrategyChoice[];
      readonly stepIndex: number;
      readonly custom?: Readonly<Record<number, CustomOutput | string>>;
    }
  /** One strategy at each value of one parameter: cost against information lost (progress per value). */
  | {
      readonly type: 'sweep';
      readonly requestId: number;
      readonly target: CompareTarget;
      readonly choice: StrategyChoice;
      readonly param: string;
      readonly values: readonly number[];
      readonly sheet?: PriceSheet;
    }
  /** The loaded file's record at a JSON pointer (the inspector's "original record"). */
  | { readonly type: 'record'; readonly requestId: number; readonly file: string; readonly pointer: string };

/** Which loaded history to compare on, and how tokens are counted. */
export interface CompareTarget {
  readonly run: number;
  readonly sub: readonly string[];
  readonly tokenizer: TokenizerId;
  readonly dialect: Dialect;
  readonly model?: string;
}

export type WorkerResponse =
  | { readonly type: 'progress'; readonly requestId: number; readonly progress: number }
  | { readonly type: 'loaded'; readonly requestId: number; readonly name: string; readonly format: string; readonly file: HistoryFile; readonly warnings: string[] }
  | {
      readonly type: 'counts';
      readonly requestId: number;
      readonly tokenizer: TokenizerId;
      readonly exact: boolean;
      readonly byHistory: Record<string, number[]>;
    }
  | { readonly type: 'record'; readonly requestId: number; readonly pointer: string; readonly text: string }
  | { readonly type: 'compared'; readonly requestId: number; readonly comparison: Comparison }
  | { readonly type: 'swept'; readonly requestId: number; readonly sweep: SweepResult }
  | { readonly type: 'contexts'; readonly requestId: number; readonly stepIndex: number; readonly contexts: readonly (readonly Step[])[]; readonly tokens: readonly number[] }
  | { readonly type: 'failed'; readonly requestId: number; readonly message: string }
  /** The loaded file is in the library (added, or already there and marked opened). */
  | { readonly type: 'stored'; readonly requestId: number; readonly entry: FileSummary }
  /** The file loaded but could not be kept: why (full quota, private window). */
  | { readonly type: 'store-failed'; readonly requestId: number; readonly message: string };
