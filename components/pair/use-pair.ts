'use client';
/**
 * The paired answer from the history worker: the loaded fleet and the picked fleet B matched task
 * by task, both compared on the chosen presets (lib/worker/pair-requests.ts), with progress. Keyed
 * by the pick (B's files are read once per pick), the presets and how tokens are counted and priced.
 */
import { useShallow } from 'zustand/react/shallow';
import type { PairResponse } from '../../lib/worker/protocol';
import { useDebuggerStore } from '../contexts/store-context';
import { useWorkerQuery, type WorkerQuery } from '../worker/use-worker-query';

export function usePair(): WorkerQuery<PairResponse> {
  const { pair, tokenizer, dialect, prices } = useDebuggerStore(
    useShallow((s) => ({
      pair: s.pair,
      tokenizer: s.tokenizer,
      dialect: s.dialect,
      prices: s.prices,
    })),
  );
  const files = pair.files;
  return useWorkerQuery(
    files
      ? {
          key: ['pair', pair.pick, pair.presets, tokenizer, dialect, prices ?? null],
          fetch: (ask, { signal, onProgress }) =>
            ask(
              {
                type: 'pair',
                pick: pair.pick,
                files,
                presets: pair.presets,
                tokenizer,
                dialect,
                ...(prices ? { prices } : {}),
              },
              { signal, onProgress },
            ),
        }
      : undefined,
  );
}
