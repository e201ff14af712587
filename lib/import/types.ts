/**
 * The importer contract (STYLE.md §3): `{ id, label, detect(value), import(parsed, fileName, raw) }`.
 * Detection is parsing: `detect` returns the value in the format's typed shape (or undefined), and
 * the registry hands exactly that to `import`, so a file is validated once.
 */
import { z, type ZodType } from 'zod';
import type { HistoryFile } from '../model/types';
import { isRecord } from './guards';
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

/**
 * For a clear error when nothing detects a value (`refusal.ts`): `sniff` says the value was meant
 * to be this format (a loose signature), `schema` is the strict shape whose first problem is then
 * reported ("looks like X, but at …"). Without a sniff, or when none matches, the schema still
 * decides which format the value came closest to ("closest to X: at …").
 */
export interface Near {
  sniff?(value: unknown): boolean;
  readonly schema: ZodType;
}

/** What an importer module writes: `T` is its format's parsed shape. */
export interface ImporterSpec<T> {
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
  readonly near?: Near;
}

/**
 * Thrown by an importer's `import` when a check it folded in from `detect` fails (detection looked
 * at a sample of a long list, the import checks each item as it reads it: one walk of the list, not
 * two). The registry then goes on detecting with the importers after it, as when `detect` says no.
 */
export class NotThisFormat extends Error {
  constructor() {
    super('not this format after all');
  }
}

/** A value an importer recognised, with its parsed shape kept inside: importing it is one call. */
export interface Detected {
  /** `raw` is the value as read (a JSONL file's records keep their lines there). */
  import(fileName: string, raw: unknown): ImportResult;
}

/** An importer in the registry: what it detects comes back ready to import, its type closed over. */
export interface Importer {
  readonly id: string;
  readonly label: string;
  detect(value: unknown): Detected | undefined;
  readonly near?: Near;
}

/**
 * An importer for the registry. `detect`'s typed value stays in a closure that `import` reads, so
 * no registry code handles it as `unknown`. Every import, of a file or a folder, passes through
 * here: its result gets the warnings of `missingOutputWarnings` (tool use with no tool output read).
 */
export function defineImporter<T>(spec: ImporterSpec<T>): Importer {
  return {
    id: spec.id,
    label: spec.label,
    ...(spec.near ? { near: spec.near } : {}),
    detect(value) {
      const parsed = spec.detect(value);
      if (parsed === undefined) return undefined;
      return {
        import(fileName, raw) {
          const result = spec.import(parsed, fileName, raw);
          const missing = missingOutputWarnings(result.file.histories);
          return missing.length === 0
            ? result
            : { ...result, warnings: [...result.warnings, ...missing] };
        },
      };
    },
  };
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

type Schema = z.core.$ZodType;

/** The schema a wrapper (optional, nullable, default, readonly, a pipe's input) checks first. */
function innerOf(schema: Schema): Schema | undefined {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodReadonly
  )
    return schema._zod.def.innerType;
  if (schema instanceof z.core.$ZodPipe) return schema._zod.def.in;
  return undefined;
}

/**
 * True only when the whole parse would fail, found cheaply: a long array (alone, in an object's
 * field, or in a union's every shape) with one of a few elements spread over it not fitting its
 * element schema. Detection tries every importer on a file; zod would otherwise walk (and collect
 * issues for) each of 20,000 records for every format the file is not. Sound: every element of an
 * array must fit, so one misfit sampled element decides it.
 */
export function sampleRejects(schema: Schema, value: unknown, depth = 0): boolean {
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  if (schema instanceof z.core.$ZodArray) {
    if (!Array.isArray(value) || value.length < SAMPLE_FROM) return false;
    const element = schema._zod.def.element;
    for (let k = 0; k < SAMPLE; k++) {
      const item: unknown = value[Math.floor((k * (value.length - 1)) / (SAMPLE - 1))];
      if (sampleRejects(element, item, depth + 1) || !z.safeParse(element, item).success)
        return true;
    }
    return false;
  }
  if (schema instanceof z.core.$ZodObject) {
    // An object schema never takes a list, null or a primitive: a union of a list and an
    // envelope is then sampled through its list option alone, not parsed whole.
    if (!isRecord(value)) return true;
    for (const [key, field] of Object.entries(schema._zod.def.shape))
      if (Object.hasOwn(value, key) && sampleRejects(field, value[key], depth + 1)) return true;
    return false;
  }
  if (schema instanceof z.core.$ZodUnion)
    return schema._zod.def.options.every((o) => sampleRejects(o, value, depth + 1));
  const inner = innerOf(schema);
  return inner ? sampleRejects(inner, value, depth + 1) : false;
}
