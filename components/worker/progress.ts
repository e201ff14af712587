/**
 * Progress of the worker's long answers (a sweep reports one per value), by query key, for
 * `useSyncExternalStore`: a query's fetch reports, the component showing it reads.
 */
export interface Progress {
  get(key: string): number | undefined;
  set(key: string, fraction: number | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function createProgress(): Progress {
  const values = new Map<string, number>();
  const listeners = new Set<() => void>();
  return {
    get: (key) => values.get(key),
    set(key, fraction) {
      if (values.get(key) === fraction) return;
      if (fraction === undefined) values.delete(key);
      else values.set(key, fraction);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
