/**
 * Remembers where the user is in a library file (its run, sub-agent and step), so reopening it from
 * the library goes back there: a store subscriber that writes the place a moment after it settles
 * (holding j down walks many steps; one write follows). No React, like the URL's sync.
 */
import type { Library } from '../../lib/library/library';
import type { DebuggerStore } from '../../lib/state/debugger-store';
import { placeOf } from '../../lib/state/saved-links';

/** How long a place must hold before it is written, in ms. */
const SETTLE_MS = 600;

export function startRememberingPlace(
  store: DebuggerStore,
  library: () => Promise<Library>,
): () => void {
  let written = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const s = store.getState();
    const fileId = s.loaded?.libraryId;
    // A run (or a link's place in it) still on its way is not where the user is yet.
    if (!fileId || s.status !== 'ready' || s.run?.index !== s.historyIndex || s.pendingNav) return;
    const place = placeOf(s);
    if (!place) return;
    const key = JSON.stringify([fileId, place]);
    if (key === written) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      written = key;
      library()
        .then((lib) => lib.remember({ fileId, ...place }))
        // Not kept (a private window, a full quota): the file still works, it just starts at run 1.
        .catch(() => {});
    }, SETTLE_MS);
  };
  const stop = store.subscribe(check);
  return () => {
    stop();
    clearTimeout(timer);
  };
}
