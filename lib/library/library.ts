/**
 * The library: every history the user opened, kept in the browser's IndexedDB (through `idb`) with
 * its original bytes, name, format, size, dates and a content hash, and saved comparisons beside
 * them. It survives reloads, other tabs and browser restarts. An entry's summary and its bytes are
 * two records (schema.ts, version 5): only `get`, `add`, `dump`, `restore` and `remove` touch the
 * bytes, so listing, marking opened and renaming cost a summary each, whatever the entry's size.
 * What can go wrong (a full quota, a database blocked by an older tab, storage switched off in a
 * private window) is a `LibraryError` with a message a person can act on; the file in hand keeps
 * working either way.
 */
import { wrap, type IDBPDatabase } from 'idb';
import {
  DB_NAME,
  DB_VERSION,
  isBuffer,
  partBytes,
  upgrade,
  type FileSummary,
  type LibrarySchema,
  type StoredComparison,
  type StoredFile,
  type StoredPlace,
} from './schema';
import { contentHash } from './hash';

export type { FileSummary, StoredComparison, StoredFile, StoredPart, StoredPlace } from './schema';
export { partBytes, partSize } from './schema';

export class LibraryError extends Error {
  override name = 'LibraryError';
}

/** Changes are announced to other tabs (their library page lists again). */
const CHANNEL = 'stepscope-library';

function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `onChange` when another tab changes the library; returns the unsubscribe. */
export function watchLibrary(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => onChange();
  return () => channel.close();
}

/** The DOMException name a storage failure carries ('' for anything else). */
const errorName = (error: unknown): string => (error as { name?: string } | undefined)?.name ?? '';

/** The message for a failed storage operation, by what the browser said. */
export function explainStorageError(error: unknown, doing: string): LibraryError {
  if (error instanceof LibraryError) return error;
  const name = errorName(error);
  if (name === 'QuotaExceededError')
    return new LibraryError(
      `The browser's storage for this site is full, so ${doing} failed. Delete entries you no longer need from the library (or free disk space) and try again.`,
    );
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') {
    return new LibraryError(
      `This browser window does not allow the library's storage (a private window, or site data switched off), so ${doing} failed. Files still open; they are just not kept.`,
    );
  }
  return new LibraryError(
    `${doing[0]?.toUpperCase() ?? ''}${doing.slice(1)} failed: ${(error as Error)?.message ?? String(error)}`,
  );
}

/** An entry without its bytes, as lists and the page see it. */
export function fileSummary(f: StoredFile): FileSummary {
  const { parts: _parts, ...rest } = f;
  return rest;
}

/** Runs work in a transaction and waits for it to commit; a failure aborts it (and is not left unhandled). */
async function settle<T>(
  tx: { done: Promise<void>; abort(): void },
  work: () => Promise<T>,
): Promise<T> {
  // Observed at once: an abort rejects it before this function gets to wait for it.
  tx.done.catch(() => {});
  try {
    const out = await work();
    await tx.done;
    return out;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already finished or aborted.
    }
    throw error;
  }
}

export interface Library {
  /** Every entry, most recently opened first: summaries only, no entry's bytes are read. */
  list(): Promise<FileSummary[]>;
  /** An entry with its bytes (85 MB for a benchmark's folder): the worker reads it, not the page. */
  get(id: string): Promise<StoredFile | undefined>;
  /**
   * An entry's name, from its summary: `get` reads the whole entry, its bytes included (deserialized
   * on the page's main thread in ~0.3-1 s for a benchmark's folder).
   */
  nameOf(id: string): Promise<string | undefined>;
  /** Adds a file (or, when the same bytes are already in, marks it opened now and keeps its name). */
  add(file: Omit<StoredFile, 'id' | 'addedAt' | 'openedAt'>, now?: number): Promise<StoredFile>;
  /** Marks an entry opened now (its bytes are neither read nor written); its summary, if it is in. */
  touch(id: string, now?: number): Promise<FileSummary | undefined>;
  /** Renames an entry (its bytes are neither read nor written). */
  rename(id: string, name: string): Promise<void>;
  /** Deletes an entry, its bytes, its saved comparisons and the place remembered in it. */
  remove(id: string): Promise<void>;
  comparisons(fileId?: string): Promise<StoredComparison[]>;
  /** Saves a comparison; without a run it is for run 0 with no other choice. */
  saveComparison(
    c: Omit<StoredComparison, 'id' | 'createdAt' | 'run' | 'settings'> &
      Partial<Pick<StoredComparison, 'run' | 'settings'>>,
    now?: number,
  ): Promise<StoredComparison>;
  /** Remembers where the user is in a file (not announced: no list shows it). */
  remember(place: Omit<StoredPlace, 'at'>, now?: number): Promise<void>;
  /** Where the user last was in each file that has a place. */
  places(): Promise<StoredPlace[]>;
  removeComparison(id: string): Promise<void>;
  /** Everything, for an export. */
  dump(): Promise<{ files: StoredFile[]; comparisons: StoredComparison[] }>;
  /** Puts exported entries back (same ids replace, others are added). */
  restore(data: {
    files: readonly StoredFile[];
    comparisons: readonly StoredComparison[];
  }): Promise<void>;
  close(): void;
}

/**
 * Opens (creating or upgrading) the library. `factory` is the IndexedDB to use (the browser's by
 * default; tests pass fake-indexeddb's). A database an older tab keeps open blocks the upgrade: that
 * is an error saying so, not a hang.
 */
export async function openLibrary(
  factory: IDBFactory | null = globalThis.indexedDB ?? null,
  name = DB_NAME,
): Promise<Library> {
  if (!factory)
    throw new LibraryError(
      'This browser has no IndexedDB, so the library is not available here. Files still open; they are just not kept.',
    );
  let db: IDBPDatabase<LibrarySchema>;
  try {
    db = await new Promise<IDBPDatabase<LibrarySchema>>((resolve, reject) => {
      // idb's openDB, with the factory chosen here: the request wrapped once it is made.
      const request = factory.open(name, DB_VERSION);
      request.onupgradeneeded = (event) => {
        const tx = wrap(request.transaction as IDBTransaction) as unknown as Parameters<
          typeof upgrade
        >[2];
        // A failed upgrade aborts; the open request then fails, and that is what is reported.
        tx.done.catch(() => {});
        void upgrade(
          wrap(request.result) as unknown as IDBPDatabase<LibrarySchema>,
          event.oldVersion,
          tx,
        ).catch(() => request.transaction?.abort());
      };
      let blocked = false;
      request.onblocked = () => {
        blocked = true;
        reject(
          new LibraryError(
            'Another Stepscope tab holds an older version of the library open. Close or reload the other Stepscope tabs, then reload this one.',
          ),
        );
      };
      (wrap(request) as unknown as Promise<IDBPDatabase<LibrarySchema>>).then((opened) => {
        // Opened after all, once the other tab let go: this call already said it could not.
        if (blocked) return opened.close();
        // A newer version opened in another tab: let it upgrade (this tab reads again after a reload).
        opened.addEventListener('versionchange', () => opened.close());
        resolve(opened);
      }, reject);
    });
  } catch (error) {
    throw explainStorageError(error, 'opening the library');
  }
  const run = async <T>(doing: string, work: () => Promise<T>, changes = true): Promise<T> => {
    try {
      const out = await work();
      if (changes) announce();
      return out;
    } catch (error) {
      throw explainStorageError(error, doing);
    }
  };

  /** Rewrites an entry's summary (read and written in one transaction; the bytes stay untouched). */
  const changeSummary = (id: string, change: (f: FileSummary) => FileSummary) => {
    const tx = db.transaction('files', 'readwrite');
    return settle(tx, async () => {
      const f = await tx.store.get(id);
      if (!f) return undefined;
      const next = change(f);
      await tx.store.put(next);
      return next;
    });
  };

  /** Writes an entry (summary and bytes in one transaction), or marks the same bytes opened again. */
  const write = (
    file: Omit<StoredFile, 'id' | 'addedAt' | 'openedAt'>,
    id: string,
    now: number,
  ) => {
    const tx = db.transaction(['files', 'parts'], 'readwrite');
    return settle(tx, async () => {
      const existing = await tx.objectStore('files').get(id);
      const entry: FileSummary = existing
        ? { ...existing, openedAt: now, runs: file.runs, steps: file.steps, format: file.format }
        : fileSummary({ ...file, id, addedAt: now, openedAt: now });
      await tx.objectStore('files').put(entry);
      // The same id is the same bytes (paths included): they are written once.
      if (!existing || (await tx.objectStore('parts').getKey(id)) === undefined)
        await tx.objectStore('parts').put({ id, parts: file.parts });
      return { ...entry, parts: file.parts };
    });
  };

  return {
    list: () =>
      run(
        'listing the library',
        async () => (await db.getAllFromIndex('files', 'openedAt')).reverse(),
        false,
      ),
    get: (id) =>
      run(
        'reading the library',
        async () => {
          const tx = db.transaction(['files', 'parts']);
          const [summary, bytes] = await Promise.all([
            tx.objectStore('files').get(id),
            tx.objectStore('parts').get(id),
          ]);
          return summary && bytes ? { ...summary, parts: bytes.parts } : undefined;
        },
        false,
      ),
    nameOf: (id) =>
      run('reading the library', async () => (await db.get('files', id))?.name, false),
    add: (file, now = Date.now()) =>
      run(`keeping ${file.name} in the library`, async () => {
        const id = await contentHash(file.parts);
        try {
          return await write(file, id, now);
        } catch (error) {
          // A browser whose IndexedDB refuses a Blob (some have, in private windows) keeps the
          // bytes. A full storage would refuse them too: said at once, without reading them.
          const full = errorName(error) === 'QuotaExceededError';
          if (full || file.parts.every((p) => isBuffer(p.bytes))) throw error;
          const parts = await Promise.all(
            file.parts.map(async (p) => ({ path: p.path, bytes: await partBytes(p) })),
          );
          return write({ ...file, parts }, id, now);
        }
      }),
    touch: (id, now = Date.now()) =>
      run('updating the library', () => changeSummary(id, (f) => ({ ...f, openedAt: now }))),
    rename: (id, newName) =>
      run('renaming', async () => {
        const trimmed = newName.trim();
        if (trimmed === '') throw new LibraryError('A name cannot be empty');
        const renamed = await changeSummary(id, (f) => ({ ...f, name: trimmed }));
        if (!renamed)
          throw new LibraryError(
            'That entry is no longer in the library (deleted in another tab?)',
          );
      }),
    remove: (id) =>
      run('deleting', async () => {
        const tx = db.transaction(['files', 'parts', 'comparisons', 'places'], 'readwrite');
        await settle(tx, async () => {
          await tx.objectStore('files').delete(id);
          await tx.objectStore('parts').delete(id);
          await tx.objectStore('places').delete(id);
          for (const key of await tx.objectStore('comparisons').index('fileId').getAllKeys(id))
            await tx.objectStore('comparisons').delete(key);
        });
      }),
    comparisons: (fileId) =>
      run(
        'listing saved comparisons',
        async () =>
          fileId === undefined
            ? db.getAll('comparisons')
            : db.getAllFromIndex('comparisons', 'fileId', fileId),
        false,
      ),
    saveComparison: (c, now = Date.now()) =>
      run(`saving the comparison ${c.name}`, async () => {
        if (c.name.trim() === '') throw new LibraryError('A saved comparison needs a name');
        const entry: StoredComparison = {
          ...c,
          run: c.run ?? 0,
          settings: c.settings ?? '',
          name: c.name.trim(),
          id: `${c.fileId.slice(0, 12)}-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          createdAt: now,
        };
        await db.put('comparisons', entry);
        return entry;
      }),
    removeComparison: (id) => run('deleting the comparison', () => db.delete('comparisons', id)),
    remember: (place, now = Date.now()) =>
      run(
        'remembering where you were',
        async () => {
          // A file deleted meanwhile (another tab) has nothing to come back to.
          if (await db.getKey('files', place.fileId))
            await db.put('places', { ...place, sub: [...place.sub], at: now });
        },
        false,
      ),
    places: () => run('reading the library', () => db.getAll('places'), false),
    dump: () =>
      run(
        'reading the library',
        async () => {
          const tx = db.transaction(['files', 'parts', 'comparisons']);
          const [summaries, bytes, comparisons] = await Promise.all([
            tx.objectStore('files').getAll(),
            tx.objectStore('parts').getAll(),
            tx.objectStore('comparisons').getAll(),
          ]);
          const partsOf = new Map(bytes.map((b) => [b.id, b.parts]));
          const files: StoredFile[] = [];
          for (const f of summaries) {
            const parts = partsOf.get(f.id);
            // An entry is written with its bytes in one transaction; one without could not be read back.
            if (parts) files.push({ ...f, parts });
          }
          return { files, comparisons };
        },
        false,
      ),
    restore: (data) =>
      run('importing into the library', async () => {
        const tx = db.transaction(['files', 'parts', 'comparisons'], 'readwrite');
        await settle(tx, async () => {
          for (const f of data.files) {
            await tx.objectStore('files').put(fileSummary(f));
            await tx.objectStore('parts').put({ id: f.id, parts: f.parts });
          }
          for (const c of data.comparisons) await tx.objectStore('comparisons').put(c);
        });
      }),
    close: () => db.close(),
  };
}

/**
 * One connection per context (the page, the worker), opened on first use; a failure (a private
 * window, a blocked upgrade) is not kept, so the next call tries again.
 */
export function libraryOnce(
  open: () => Promise<Library> = () => openLibrary(),
): () => Promise<Library> {
  let shared: Promise<Library> | undefined;
  return () => {
    shared ??= open().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };
}

export { contentHash } from './hash';
