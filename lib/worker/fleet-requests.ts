/**
 * The history worker's answer for the fleet overview: every run of the loaded file as a row
 * (lib/fleet/overview.ts), counted with the file's shared counts, so the exact counts the load made
 * are read from cache and a chars/4 request costs one pass over the texts. Progress per run.
 */
import { fleetRows } from '../fleet/overview';
import type { HistoryFile } from '../model/types';
import type { TokensFor } from './compare-requests';
import type { FleetRequest, FleetResponse, WorkerResponse } from './protocol';

export function fleetAnswer(
  file: HistoryFile | undefined,
  request: FleetRequest,
  post: (message: WorkerResponse) => void,
  tokensFor: TokensFor,
): FleetResponse {
  if (!file) throw new Error('No history is loaded');
  const { requestId, tokenizer, dialect } = request;
  const tokens = tokensFor({ tokenizer, dialect });
  const total = file.histories.length;
  // About 50 progress messages over the file, whatever its size.
  const every = Math.max(1, Math.floor(total / 50));
  const rows = fleetRows(
    file.histories,
    (s) => tokens.step(s),
    request.prices,
    (done) => {
      if (done % every === 0 || done === total)
        post({ type: 'progress', requestId, progress: done / total });
    },
  );
  return { type: 'fleet-rows', requestId, tokenizer, rows };
}
