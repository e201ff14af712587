'use client';
/**
 * The overview's rows from the history worker: at once a chars/4 first estimate of every run, then
 * once the load's exact counts are in (the worker then reads them from its cache) the exact rows,
 * which replace the estimate. Both through `useWorkerQuery`, keyed by how they are counted.
 */
import { useShallow } from 'zustand/react/shallow';
import type { FleetRow } from '../../lib/fleet/overview';
import type { TokenizerId } from '../../lib/tokens/tokenizer';
import { useDebuggerStore } from '../contexts/store-context';
import { useWorkerQuery, type WorkerQuerySpec } from '../worker/use-worker-query';

export interface FleetRows {
  readonly rows: readonly FleetRow[] | undefined;
  /** The rows are the tokenizer's own counts, not the chars/4 estimate. */
  readonly exact: boolean;
  /** 0 to 1 while the exact rows are on their way. */
  readonly progress: number | undefined;
  readonly error: string | undefined;
}

export function useFleetRows(): FleetRows {
  const { tokenizer, dialect, prices, counted } = useDebuggerStore(
    useShallow((s) => ({
      tokenizer: s.tokenizer,
      dialect: s.dialect,
      prices: s.prices,
      // The load's own exact counts are in: the worker has every step counted.
      counted:
        s.counts?.exact === true &&
        s.counts.tokenizer === s.tokenizer &&
        s.counts.dialect === s.dialect,
    })),
  );
  const ask = (t: TokenizerId): WorkerQuerySpec<readonly FleetRow[]> => ({
    key: ['fleet', t, dialect, prices ?? null],
    fetch: (run, { signal }) =>
      run({ type: 'fleet', tokenizer: t, dialect, ...(prices ? { prices } : {}) }, { signal }).then(
        (m) => m.rows,
      ),
  });
  const rough = useWorkerQuery(ask('heuristic'));
  const exact = useWorkerQuery(counted && tokenizer !== 'heuristic' ? ask(tokenizer) : undefined);
  const isExact = tokenizer === 'heuristic' ? false : exact.data !== undefined && !exact.stale;
  return {
    rows: isExact ? exact.data : (rough.data ?? exact.data),
    exact: isExact,
    progress: exact.progress,
    error: exact.error ?? rough.error,
  };
}
