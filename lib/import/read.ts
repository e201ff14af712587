/**
 * From bytes to values: a file's text becomes one JSON value, or for line-oriented files (JSONL,
 * NDJSON) the list of its records, each remembering its line. A broken line is reported and
 * skipped; the rest still loads. An Inspect `.eval` zip archive is inflated into its log's value.
 * Several files (a picked folder) become one `FolderValue`, so importers of formats stored as
 * folders can find their structure in it.
 */
import { checkText, createDecoder, decodeBytes, sizeProblem, sniffEncoding } from './decode';
import { isZip, readEvalZip } from './eval-zip';
import { checkDepth, MAX_DEPTH } from './json-depth';
import { jsonErrorPosition } from './json-errors';
import { parseJsonText } from './json-text';
import { errorOf, isRecord } from './guards';
import { parseJsonBytes } from './json-bytes';
import { type ImportWarning } from './types';
import { blobSlices, readBlobBytes, releaseBytes } from '../model/bytes';
import { ImportError } from '../model/errors';

export { parseJsonExact } from './json-text';

/** Files picked or dropped together, by relative path ('/'-separated); values are parsed files. */
export class FolderValue {
  constructor(
    readonly name: string,
    readonly files: Readonly<Record<string, unknown>>,
  ) {}
}

/** An Aider chat history's run header (Aider-AI/aider `aider/io.py`), which its file starts with. */
export const AIDER_RUN_START = /^# aider chat started at (.+?)\s*$/;

/** The text of an Aider chat history, as read (Markdown, not JSON): aider.ts imports it. */
export class AiderChat {
  constructor(readonly text: string) {}
}

/** Whether a file's text is an Aider chat history: its first line that is not blank starts a run. */
function isAiderChat(text: string): boolean {
  const first = /^\s*(.*)/.exec(text.slice(0, 4096))?.[1] ?? '';
  return AIDER_RUN_START.test(first);
}

/** A parsed file and what reading it found. */
export interface ParsedSource {
  readonly path: string;
  readonly value: unknown;
  readonly warnings: readonly ImportWarning[];
  /** For a list the parse walked whole: whether one record's `content` is a list (for detection). */
  readonly listContent?: boolean;
}

const lineIndex = new WeakMap<readonly unknown[], readonly number[]>();

/** The 1-based line of a JSONL record, when `records` came from a line-oriented file. */
export function recordLine(records: readonly unknown[], index: number): number | undefined {
  return lineIndex.get(records)?.[index];
}

/** Every record's line (`recordLine` of each), for an importer reading the records in turn. */
export function recordLines(records: readonly unknown[]): readonly number[] | undefined {
  return lineIndex.get(records);
}

/** One JSON value from a file's text (already checked, without its byte-order mark). Errors name the file and the position. */
function parseWhole(
  text: string,
  name: string,
): { value: unknown; warnings: ImportWarning[]; listContent?: boolean } {
  let parsed;
  try {
    parsed = parseJsonText(text);
  } catch (error) {
    throw new ImportError(`${name}: invalid JSON at ${jsonErrorPosition(text, errorOf(error))}`);
  }
  checkDepth(parsed.deepAt, name);
  const { value, warnings, listContent } = parsed;
  return listContent === undefined ? { value, warnings } : { value, warnings, listContent };
}

/** Collects JSONL records line by line; `finish` gives the records and the lines it skipped. */
export function createJsonlReader(name: string) {
  const records: unknown[] = [];
  const lines: number[] = [];
  const warnings: ImportWarning[] = [];
  let lineNo = 0;
  let firstError = '';
  return {
    line(raw: string) {
      lineNo++;
      const text = lineNo === 1 && raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
      if (text.trim() === '') return;
      let parsed;
      try {
        parsed = parseJsonText(text);
      } catch (error) {
        const at = jsonErrorPosition(text, errorOf(error)).replace(/^line 1, /, '');
        firstError ||= `line ${lineNo}: ${at}`;
        warnings.push({ message: `line ${lineNo}: invalid JSON at ${at}; the line was skipped` });
        return;
      }
      const deep = parsed.deepAt;
      if (deep !== undefined) {
        firstError ||= `line ${lineNo}: nested more than ${MAX_DEPTH} levels deep`;
        warnings.push({
          message: `line ${lineNo}: the JSON nests more than ${MAX_DEPTH} levels deep (at ${deep.slice(0, 60)}); the line was skipped`,
        });
        return;
      }
      records.push(parsed.value);
      lines.push(lineNo);
      for (const w of parsed.warnings) warnings.push({ message: `line ${lineNo}: ${w.message}` });
    },
    finish(): ParsedSource {
      if (records.length === 0) {
        throw new ImportError(
          lineNo === 0 || !firstError
            ? `${name}: the file is empty`
            : `${name}: no line is valid JSON (${firstError})`,
        );
      }
      lineIndex.set(records, lines);
      return { path: name, value: records, warnings };
    },
  };
}

/** The first `n` lines (`text.split('\n', n)` splits the whole text first: 30 ms on 50 MB). */
function firstLines(text: string, n: number): string[] {
  const out: string[] = [];
  let from = 0;
  while (out.length < n) {
    const end = text.indexOf('\n', from);
    out.push(text.slice(from, end === -1 ? undefined : end));
    if (end === -1) break;
    from = end + 1;
  }
  return out;
}

function looksLineOriented(text: string, name: string): boolean {
  if (/\.(jsonl|ndjson)$/i.test(name)) return true;
  const lines = firstLines(text, 3).filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  try {
    JSON.parse(lines[0] ?? '');
    return true;
  } catch {
    return false;
  }
}

/** A file's text as a JSON value, or as JSONL records when its name or its first line says so. */
export function parseSource(raw: string, name: string): ParsedSource {
  checkText(raw, name);
  // A UTF-8 byte-order mark (many Windows tools write one) is not part of the text.
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  // Aider's chat history is Markdown, not JSON: its importer reads the text.
  if (isAiderChat(text)) return { path: name, value: new AiderChat(text), warnings: [] };
  if (/\.md$/i.test(name))
    throw new ImportError(
      `${name}: a Markdown file that is not an Aider chat history (it should start with "# aider chat started at")`,
    );
  const jsonlName = /\.(jsonl|ndjson)$/i.test(name);
  // A file not named .jsonl is read whole first (a pretty-printed JSON file named .jsonl too):
  // only when that is not one value do its first lines say whether it is JSONL (looking for them
  // in a one-line 50 MB file scans all of it).
  if (!jsonlName || /^\s*[[{]\s*$/.test(firstLines(text, 1)[0] ?? '')) {
    try {
      return { path: name, ...parseWhole(text, name) };
    } catch (error) {
      if (error instanceof ImportError && !/invalid JSON/.test(error.message)) throw error;
      if (!looksLineOriented(text, name)) throw error;
      // Not one value: read it line by line below.
    }
  }
  const reader = createJsonlReader(name);
  for (const line of text.split('\n')) reader.line(line);
  return reader.finish();
}

/** A whole file's bytes as a value: an Inspect `.eval` zip archive, else its text (`parseSource`). */
export function parseBytes(bytes: Uint8Array, name: string): ParsedSource {
  if (isZip(bytes)) return { path: name, ...readEvalZip(bytes, name) };
  return parseSource(decodeBytes(bytes, name), name);
}

/**
 * Whether the text of the first 16 KB (4,096 characters or more) is one `checkText` lets through
 * without a second look: no NUL and no undecodable byte. Else the whole text is checked as before.
 */
function cleanHead(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 16_384), { stream: true });
  return !head.includes('\u0000') && !head.includes('\uFFFD');
}

/**
 * A large UTF-8 JSON file's bytes as a value, parsed part by part from the bytes
 * (json-bytes.ts), so its whole text is never made; the bytes are freed as soon as the value is
 * built. A file the walk does not read (JSONL named .json, NaN, 64-bit integers, a syntax error) is
 * decoded and parsed as its text, which gives the value or the error it always gave.
 */
function parseLargeJson(bytes: Uint8Array, name: string): ParsedSource {
  const walked = cleanHead(bytes) ? parseJsonBytes(bytes) : undefined;
  if (walked) {
    releaseBytes(bytes);
    const { value } = walked;
    // What the text's parse notes of a list in the same walk (`ParsedSource.listContent`).
    const listContent = Array.isArray(value)
      ? value.some((r) => isRecord(r) && Array.isArray(r.content))
      : undefined;
    return listContent === undefined
      ? { path: name, value, warnings: [] }
      : { path: name, value, warnings: [], listContent };
  }
  const text = decodeBytes(bytes, name);
  releaseBytes(bytes);
  return parseSource(text, name);
}

/** Bytes read per slice: Chromium streams a Blob in 64 KB chunks, and 800 awaits per 50 MB cost more than the reading. */
export const READ_SLICE = 8 * 2 ** 20;

/** The largest JSON file read as text in one go (half a second or so in Chromium). */
export const TEXT_AT_ONCE = 64 * 2 ** 20;

/**
 * The rest of a file's slices after `head`, into one buffer of `size` bytes; `onRead` gets bytes
 * read. Each slice is copied before the next is read (`blobSlices` reuses one buffer).
 */
async function readWhole(
  size: number,
  head: Uint8Array,
  rest: AsyncGenerator<Uint8Array>,
  onRead: (bytes: number) => void,
): Promise<Uint8Array> {
  const whole = new Uint8Array(size);
  let read = 0;
  const take = (bytes: Uint8Array) => {
    whole.set(bytes, read);
    read += bytes.byteLength;
    onRead(read);
  };
  take(head);
  for await (const bytes of rest) take(bytes);
  return whole;
}

/**
 * Reads a file in slices: JSONL line by line, never holding its whole text, and JSON of more than
 * one slice from its bytes, part by part (`parseLargeJson`); a smaller file as one string.
 * `onProgress` gets the fraction of bytes read; `slice` and `atOnce` are there for tests
 * (characters and lines split across slices, JSON read in slices).
 */
export async function readSource(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void = () => {},
  slice = READ_SLICE,
  atOnce = TEXT_AT_ONCE,
): Promise<ParsedSource> {
  const tooBig = sizeProblem(name, file.size);
  if (tooBig) throw new ImportError(tooBig);
  const lined = /\.(jsonl|ndjson)$/i.test(name);
  // JSON in UTF-8 (nearly every file) of more than one slice, up to `TEXT_AT_ONCE`: the browser
  // reads its bytes in one go (a 53 MB file read in 8 MB slices took twice as long in Chromium).
  // Its progress is its start and end; a larger file is read in slices, so the bar moves while it
  // is read. A file of one slice is one read as it was (a folder of 500 runs would pay a second
  // read for each).
  if (!lined && file.size > slice && file.size <= atOnce) {
    const peek = new Uint8Array(await file.slice(0, 512).arrayBuffer());
    if (!isZip(peek) && sniffEncoding(peek, name) === 'utf-8') {
      const bytes = await readBlobBytes(file);
      onProgress(1);
      return parseLargeJson(bytes, name);
    }
  }
  // Slices of one reused buffer: each is decoded or copied before the next is read.
  const slices = blobSlices(file, slice);
  const size = Math.max(1, file.size);
  let read = 0;
  const first = await slices.next();
  const head = first.done ? new Uint8Array() : first.value;
  const whole = () => readWhole(file.size, head, slices, (n) => onProgress(n / size));
  // A zip archive's directory is at its end: the archive is read whole, then inflated.
  if (isZip(head)) return { path: name, ...readEvalZip(await whole(), name) };
  // JSON in another encoding: decoded once from the whole bytes, which are released before the
  // parse. Decoding slice by slice held every slice's text and their joined copy through the
  // parse (twice the text: 212 MB for a 53 MB file of two-byte text).
  if (!lined) {
    const bytes = await whole();
    if (file.size > slice && sniffEncoding(bytes.subarray(0, 512), name) === 'utf-8')
      return parseLargeJson(bytes, name);
    const text = decodeBytes(bytes, name);
    releaseBytes(bytes);
    return parseSource(text, name);
  }
  const decoder = createDecoder(sniffEncoding(head, name));
  const firstText = decoder.decode(head, { stream: true });
  read += head.byteLength;
  onProgress(read / size);
  checkText(firstText, name);
  const jsonl = createJsonlReader(name);
  let rest = firstText;
  const flush = (final: boolean) => {
    const parts = rest.split('\n');
    rest = final ? '' : (parts.pop() ?? '');
    for (const line of parts) jsonl.line(line);
  };
  flush(false);
  for await (const bytes of slices) {
    read += bytes.byteLength;
    rest += decoder.decode(bytes, { stream: true });
    flush(false);
    onProgress(read / size);
  }
  rest += decoder.decode();
  flush(true);
  return jsonl.finish();
}
