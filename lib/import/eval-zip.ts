/**
 * Inspect AI `.eval` logs (UKGovernmentBEIS/inspect_ai `log/_recorders/eval.py`): a zip archive of
 * JSON files, `header.json` (the log without its samples: version, status, eval, plan, results,
 * stats), `samples/<id>_epoch_<n>.json` (one sample each), `summaries.json` (the samples' order),
 * `reductions.json`, and `_journal/start.json` (version, eval and plan, written first, so a log
 * whose run was cut off has it and no header). The archive becomes the value the JSON form of the
 * same log is, `{...header, samples}`, which the Inspect AI importer reads.
 *
 * `zip-entries.ts` reads the archive (fflate, and fzstd for the zstd entries Inspect writes since
 * 0.3.206), checking the entries' declared sizes before anything is inflated.
 */
import { MAX_FILE_BYTES } from './decode';
import { checkDepth } from './json-depth';
import { jsonErrorPosition } from './json-errors';
import { parseJsonText } from './json-text';
import { errorOf, isRecord } from './guards';
import { type ImportWarning } from './types';
import { ImportError } from '../model/errors';
import { readZipEntries } from './zip-entries';

/** Whether bytes start a zip archive (a local file header, or the end record of an empty one). */
export function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}

const SAMPLE = /^samples\/(.+)_epoch_(\d+)\.json$/;
const USED = /^(header\.json|summaries\.json|_journal\/start\.json|samples\/.+\.json)$/;

/** Sample entries in the order the log lists them (`summaries.json`), else by id and epoch. */
function sampleOrder(names: string[], summaries: unknown): string[] {
  const byKey = new Map(
    names.flatMap((n) => {
      const m = SAMPLE.exec(n);
      return m ? [[`${m[1]}\u0000${m[2]}`, n] as const] : [];
    }),
  );
  const ordered: string[] = [];
  if (Array.isArray(summaries))
    for (const s of summaries) {
      if (!isRecord(s)) continue;
      const name = byKey.get(`${String(s.id)}\u0000${String(s.epoch)}`);
      if (name && !ordered.includes(name)) ordered.push(name);
    }
  const rest = names
    .filter((n) => !ordered.includes(n))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [...ordered, ...rest];
}

/** An Inspect `.eval` archive's bytes as the log's JSON value; errors name the file and the entry. */
export function readEvalZip(
  bytes: Uint8Array,
  name: string,
): { value: unknown; warnings: ImportWarning[] } {
  let files: Record<string, Uint8Array>;
  try {
    files = readZipEntries(bytes, name, (entry) => USED.test(entry), {
      bytes: MAX_FILE_BYTES,
      message: `${name}: the archive's logs inflate to more than Stepscope opens (${MAX_FILE_BYTES / 2 ** 20} MB)`,
    });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(
      `${name}: a damaged zip archive (${errorOf(error).message}); an Inspect .eval log is a zip archive of JSON files`,
    );
  }
  const warnings: ImportWarning[] = [];
  const decoder = new TextDecoder('utf-8');
  const json = (entry: string): unknown => {
    const text = decoder.decode(files[entry]);
    let parsed;
    try {
      parsed = parseJsonText(text);
    } catch (error) {
      throw new ImportError(
        `${name}: ${entry} in the archive is not valid JSON (at ${jsonErrorPosition(text, errorOf(error))})`,
      );
    }
    checkDepth(parsed.deepAt, `${name}: ${entry}`);
    for (const w of parsed.warnings) warnings.push({ message: `${entry}: ${w.message}` });
    return parsed.value;
  };
  const names = Object.keys(files);
  const samples = names.filter((n) => SAMPLE.test(n));
  const headerName = files['header.json']
    ? 'header.json'
    : files['_journal/start.json']
      ? '_journal/start.json'
      : undefined;
  if (!headerName)
    throw new ImportError(
      `${name}: a zip archive that is not an Inspect AI .eval log (it has no header.json or _journal/start.json)`,
    );
  const header = json(headerName);
  if (!isRecord(header))
    throw new ImportError(`${name}: ${headerName} in the archive is not a JSON object`);
  if (headerName !== 'header.json')
    warnings.push({
      message:
        'the archive has no header.json (the evaluation was still running or was cut off): its task and model come from _journal/start.json, and it has no results',
    });
  const summaries = files['summaries.json'] ? json('summaries.json') : undefined;
  // A sample file that is not valid JSON costs that sample, not the log (as runs.ts does for runs).
  const read: unknown[] = [];
  let first: ImportError | undefined;
  for (const entry of sampleOrder(samples, summaries)) {
    try {
      read.push(json(entry));
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      first ??= error;
      warnings.push({
        message: `${error.message.replace(`${name}: `, '')}; the sample was skipped`,
      });
    }
  }
  if (first && read.length === 0) throw first;
  return { value: { ...header, samples: read }, warnings };
}
