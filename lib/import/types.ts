/**
 * The importer contract (STYLE.md §3): `{ id, label, detect(value), import(parsed, fileName, raw) }`.
 * Detection is parsing: `detect` returns the value in the format's typed shape (or undefined), and
 * the registry hands exactly that to `import`, so a file is validated once.
 */
import type { ZodType } from 'zod';
import type { HistoryFile } from '../model/types';
import { missingOutputWarnings } from './observation-guard';

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
   * For a clear error when nothing detects a value (`refusal.ts`): `sniff` says the value was meant
   * to be this format (a loose signature), `schema` is the strict shape whose first problem is then
   * reported ("looks like X, but at …"). Without a sniff, or when none matches, the schema still
   * decides which format the value came closest to ("closest to X: at …").
   */
  readonly near?: { sniff?(value: unknown): boolean; readonly schema: ZodType };
}

/**
 * An importer for the registry, its parsed type erased (the registry only passes `detect`'s result
 * to `import`). Every import, of a file or a folder, passes through here: its result gets the
 * warnings of `missingOutputWarnings` (tool use with no tool output read).
 */
export function defineImporter<T>(importer: Importer<T>): Importer {
  const typed: Importer<T> = {
    ...importer,
    import(parsed, fileName, raw) {
      const result = importer.import(parsed, fileName, raw);
      const missing = missingOutputWarnings(result.file.histories);
      return missing.length === 0
        ? result
        : { ...result, warnings: [...result.warnings, ...missing] };
    },
  };
  return typed as unknown as Importer;
}

/** A schema's parse of a value, or undefined when the value does not fit (zod's `safeParse`, once). */
export function parsedBy<T>(schema: ZodType<T>, value: unknown): T | undefined {
  if (sampleRejects(schema, value)) return undefined;
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}

/** Whether a value fits a schema (`parsedBy` without keeping the parse). */
export function fits(schema: ZodType, value: unknown): boolean {
  return !sampleRejects(schema, value) && schema.safeParse(value).success;
}

const SAMPLE = 8;
const SAMPLE_FROM = 32;

interface Def {
  readonly type: string;
  readonly element?: ZodType;
  readonly shape?: Record<string, ZodType>;
  readonly options?: readonly ZodType[];
  readonly in?: ZodType;
  readonly innerType?: ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * True only when the whole parse would fail, found cheaply: a long array (alone, in an object's
 * field, or in a union's every shape) with one of a few elements spread over it not fitting its
 * element schema. Detection tries every importer on a file; zod would otherwise walk (and collect
 * issues for) each of 20,000 records for every format the file is not. Sound: every element of an
 * array must fit, so one misfit sampled element decides it.
 */
export function sampleRejects(schema: ZodType, value: unknown, depth = 0): boolean {
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  const def = defOf(schema);
  switch (def.type) {
    case 'array': {
      if (!Array.isArray(value) || value.length < SAMPLE_FROM || !def.element) return false;
      const element = def.element;
      for (let k = 0; k < SAMPLE; k++) {
        const item: unknown = value[Math.floor((k * (value.length - 1)) / (SAMPLE - 1))];
        if (sampleRejects(element, item, depth + 1) || !element.safeParse(item).success)
          return true;
      }
      return false;
    }
    case 'object': {
      if (!def.shape) return false;
      // An object schema never takes a list, null or a primitive: a union of a list and an
      // envelope is then sampled through its list option alone, not parsed whole.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
      const record = value as Record<string, unknown>;
      for (const [key, field] of Object.entries(def.shape))
        if (Object.hasOwn(record, key) && sampleRejects(field, record[key], depth + 1)) return true;
      return false;
    }
    case 'union':
      return (def.options ?? []).every((o) => sampleRejects(o, value, depth + 1));
    case 'pipe':
      return def.in ? sampleRejects(def.in, value, depth + 1) : false;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return def.innerType ? sampleRejects(def.innerType, value, depth + 1) : false;
    default:
      return false;
  }
}
