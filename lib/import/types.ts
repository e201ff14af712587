/**
 * The importer contract (STYLE.md §3): `{ id, label, detect(value), import(parsed, fileName, raw) }`.
 * Detection is parsing: `detect` returns the value in the format's typed shape (or undefined), and
 * the registry hands exactly that to `import`, so a file is validated once.
 */
import type { ZodType } from 'zod';
import type { HistoryFile } from '../model/types';

export interface ImportWarning {
  readonly message: string;
  readonly pointer?: string;
}

export interface ImportResult {
  readonly file: HistoryFile;
  readonly warnings: readonly ImportWarning[];
  /** Folder importers: the folder's files this import used; the others are imported on their own. */
  readonly claimed?: readonly string[];
}

export interface Importer<T = unknown> {
  readonly id: string;
  readonly label: string;
  /**
   * The value in this format's shape when it has this format's structure (the file name is only a
   * hint), else undefined. The value is a file's JSON, a JSONL file's records, or a `FolderValue` for
   * files read together.
   */
  detect(value: unknown): T | undefined;
  /** Histories from what `detect` returned; `raw` is the value as read (record lines, pointers). */
  import(parsed: T, fileName: string, raw: unknown): ImportResult;
  /**
   * For a clear error when nothing detects a value: `sniff` says the value was meant to be this
   * format (a loose signature), `schema` is the strict shape whose first problem is then reported.
   */
  readonly near?: { sniff(value: unknown): boolean; readonly schema: ZodType };
}

/** An importer for the registry, its parsed type erased (the registry only passes `detect`'s result to `import`). */
export function defineImporter<T>(importer: Importer<T>): Importer {
  return importer as unknown as Importer;
}

/** A schema's parse of a value, or undefined when the value does not fit (zod's `safeParse`, once). */
export function parsedBy<T>(schema: ZodType<T>, value: unknown): T | undefined {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}

export class ImportError extends Error {
  override name = 'ImportError';
}
