/**
 * The whole library as one file, and back: `{format: "stepscope-library", version: 1, files,
 * comparisons}` with each file's bytes in base64 (fields added later are optional on reading, so
 * an older export still reads; places are this browser's memory and are not exported). Reading checks every field (a file edited by hand
 * or cut short is refused with where it is wrong) and that each entry's bytes still hash to its id.
 */
import { z } from 'zod';
import {
  contentHash,
  LibraryError,
  partBytes,
  type StoredComparison,
  type StoredFile,
} from './library';

export const EXPORT_FORMAT = 'stepscope-library';
export const EXPORT_VERSION = 1;

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000)
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out.buffer;
}

const count = z.number().int().nonnegative();
const time = z.number().finite().nonnegative();

const fileSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex'),
    name: z.string().min(1),
    format: z.string(),
    size: count,
    runs: count,
    steps: count,
    addedAt: time,
    openedAt: time,
    parts: z.array(z.object({ path: z.string().min(1), base64: z.string() }).strict()).min(1),
  })
  .strict();

const comparisonSchema = z
  .object({
    id: z.string().min(1),
    fileId: z.string().min(1),
    name: z.string().min(1),
    choices: z.string(),
    createdAt: time,
    // Added with library v3: the run and the other choices it was saved with. An export written
    // before has neither: its comparisons were for run 0.
    run: count.default(0),
    settings: z.string().default(''),
    // Added with issue 26: a comparison over every run of the file (absent: one run).
    scope: z.enum(['run', 'fleet']).optional(),
  })
  .strict();

const exportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: z.string(),
    files: z.array(fileSchema),
    comparisons: z.array(comparisonSchema),
  })
  .strict();

/** The library as one export text; parts kept as Blobs are read one at a time. */
export async function exportLibrary(
  data: { files: readonly StoredFile[]; comparisons: readonly StoredComparison[] },
  now = new Date(),
): Promise<string> {
  const files = [];
  for (const { parts, ...meta } of data.files) {
    const encoded = [];
    for (const p of parts) encoded.push({ path: p.path, base64: toBase64(await partBytes(p)) });
    files.push({ ...meta, parts: encoded });
  }
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    files,
    comparisons: data.comparisons,
  });
}

/** An export read back, or a LibraryError saying what is wrong with it. */
export async function parseLibraryExport(
  text: string,
  name: string,
): Promise<{ files: StoredFile[]; comparisons: StoredComparison[] }> {
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    throw new LibraryError(`${name}: not a library export (the text is not JSON)`);
  }
  const parsed = exportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.map((p) => `/${String(p)}`).join('') || '/';
    throw new LibraryError(
      `${name}: not a Stepscope library export, or a damaged one: at ${at}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const files: StoredFile[] = [];
  for (const [i, f] of parsed.data.files.entries()) {
    let parts;
    try {
      parts = f.parts.map((p) => ({ path: p.path, bytes: fromBase64(p.base64) }));
    } catch {
      throw new LibraryError(
        `${name}: at /files/${i}: the bytes of ${f.name} are not valid base64`,
      );
    }
    if ((await contentHash(parts)) !== f.id)
      throw new LibraryError(
        `${name}: at /files/${i}: the bytes of ${f.name} do not match its id (the export was altered or cut short)`,
      );
    files.push({ ...f, parts });
  }
  const ids = new Set(files.map((f) => f.id));
  const orphan = parsed.data.comparisons.findIndex((c) => !ids.has(c.fileId));
  if (orphan >= 0)
    throw new LibraryError(
      `${name}: at /comparisons/${orphan}: the comparison is for a file that is not in the export`,
    );
  return { files, comparisons: parsed.data.comparisons };
}
