/**
 * The history worker's answers about what the page does not hold: the original record of a step in
 * the file, and for a page that holds a preview of a large run (lib/model/preview.ts) one whole step,
 * a whole history, and text search over whole texts. Pure: the loaded file in, the
 * response out (handle-request.ts posts it).
 */
import { resolvePointer } from '../import';
import { queryStepIndices } from '../model/query';
import type { History, HistoryFile } from '../model/types';
import { historyIn } from './load-files';
import type {
  FoundResponse,
  HistoryPlace,
  RecordRequest,
  RecordResponse,
  SearchRequest,
  StepRequest,
  StepResponse,
  WholeRequest,
  WholeResponse,
} from './protocol';

/** The history a request names, or why there is none. */
function place(file: HistoryFile | undefined, p: HistoryPlace): History {
  const history = file ? historyIn(file, p.run, p.sub) : undefined;
  if (!history)
    throw new Error(
      `No run ${p.run + 1}${p.sub.length ? ` › ${p.sub.join(' › ')}` : ''} in the loaded file`,
    );
  return history;
}

export function stepAnswer(file: HistoryFile | undefined, request: StepRequest): StepResponse {
  const step = place(file, request).steps[request.index];
  if (!step) throw new Error(`No step ${request.index + 1} in this run`);
  return { type: 'step', requestId: request.requestId, step };
}

export function wholeAnswer(file: HistoryFile | undefined, request: WholeRequest): WholeResponse {
  return { type: 'whole', requestId: request.requestId, history: place(file, request) };
}

export function searchAnswer(file: HistoryFile | undefined, request: SearchRequest): FoundResponse {
  const indices = queryStepIndices(place(file, request).steps, request.query);
  return { type: 'found', requestId: request.requestId, indices };
}

/** Records longer than this are cut in the inspector's view of the original. */
export const MAX_RECORD_CHARS = 200_000;

/** A loaded file's record at a JSON pointer, as indented JSON (cut past `MAX_RECORD_CHARS`). */
export function recordAnswer(
  raw: ReadonlyMap<string, unknown>,
  request: RecordRequest,
): RecordResponse {
  const value = raw.has(request.file)
    ? resolvePointer(raw.get(request.file), request.pointer)
    : undefined;
  const text =
    value === undefined
      ? `No record at ${request.pointer || '/'} in the loaded file.`
      : JSON.stringify(value, null, 2);
  const cut =
    text.length > MAX_RECORD_CHARS
      ? `${text.slice(0, MAX_RECORD_CHARS)}\n… (${text.length - MAX_RECORD_CHARS} more characters)`
      : text;
  return { type: 'record', requestId: request.requestId, pointer: request.pointer, text: cut };
}
