/**
 * The library's IndexedDB layout, one entry per version, and the upgrades between them. Version 1
 * (the first library) kept each file's text; version 2 keeps its original bytes (any encoding, byte
 * for byte), when it was first added, and saved comparisons beside the files; version 3 keeps the
 * run (and the other choices) a comparison was saved on, and where the user was in each file (a
 * store of its own, so listing files never reads it and remembering a place never rewrites a
 * file's bytes); version 4 indexes each file's name, so the page could read an entry's name without
 * reading (and deserializing on its main thread) the entry's bytes; version 5 moves the bytes out of
 * `files` into a `parts` store keyed by the entry's id, so a `files` record is the entry's summary
 * alone: listing the library (on the page's main thread), marking an entry opened and renaming it
 * read and write a few hundred bytes per entry instead of its whole bytes (a benchmark's folder is
 * 85 MB). The name index stays (nothing reads it since version 5; dropping it would be a step for
 * nothing). An upgrade runs every step from the stored version to the current one, inside the
 * browser's version-change transaction.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';

export const DB_NAME = 'stepscope-library';
export const DB_VERSION = 5;

/**
 * One file of an entry (a folder has several), as it was read: path inside the folder and bytes.
 * The bytes are the picked file itself (a `Blob`: IndexedDB copies it in the browser, so the page's
 * and worker's memory never holds it) or, for entries kept before and exports read back, an
 * `ArrayBuffer`; both read the same through `partSize` and `partBytes`. No version change: a
 * record of either kind reads as it was written.
 */
export interface StoredPart {
  readonly path: string;
  readonly bytes: ArrayBuffer | Blob;
}

/** A part's size in bytes. */
export function partSize(part: StoredPart): number {
  return isBuffer(part.bytes) ? part.bytes.byteLength : part.bytes.size;
}

/** A part's bytes as a buffer (read from its Blob when it is one). */
export async function partBytes(part: StoredPart): Promise<ArrayBuffer> {
  return isBuffer(part.bytes) ? part.bytes : part.bytes.arrayBuffer();
}

// By shape, not `instanceof`: a buffer cloned out of IndexedDB may come from another realm (tests).
export const isBuffer = (bytes: ArrayBuffer | Blob): bytes is ArrayBuffer => 'byteLength' in bytes;

/**
 * A history the user opened: its original bytes and what the import found, as `get` returns it and
 * an export carries it. Stored in two records since version 5: the summary in `files`, the parts
 * in `parts`.
 */
export interface StoredFile {
  /** SHA-256 of the parts (paths and bytes): the same file opened twice is one entry. */
  readonly id: string;
  readonly name: string;
  readonly format: string;
  readonly size: number;
  readonly runs: number;
  readonly steps: number;
  readonly addedAt: number;
  readonly openedAt: number;
  readonly parts: readonly StoredPart[];
}

/** An entry as the `files` store keeps it (version 5 on) and the library page lists it: everything but the bytes. */
export type FileSummary = Omit<StoredFile, 'parts'>;

/** An entry's bytes, in a store of their own (version 5 on), keyed by the entry's id. */
export interface StoredBytes {
  readonly id: string;
  readonly parts: readonly StoredPart[];
}

/** A set of strategies (parameters, triggers, modes) saved for a file. */
export interface StoredComparison {
  readonly id: string;
  readonly fileId: string;
  readonly name: string;
  /** The choices, encoded as the URL carries them (lib/compare/config.ts). */
  readonly choices: string;
  readonly createdAt: number;
  /** The run it was saved on (an index into the file's runs). Added in v3; 0 for older ones. */
  readonly run: number;
  /**
   * The other choices on screen when it was saved, as URL parameters (sub-agent, call, tokenizer,
   * dialect, model, goal, prices; lib/state/saved-links.ts). Added in v3; '' for older ones.
   */
  readonly settings: string;
  /**
   * `fleet`: the strategies were compared over every run of the file (the runs overview's fleet
   * comparison), and it reopens there; absent or `run`: on its one run. Added with issue 26, with
   * no new version: a record without it reads as before.
   */
  readonly scope?: 'run' | 'fleet';
}

/** Where the user last was in a file: reopening it from the library goes back there. Added in v3. */
export interface StoredPlace {
  readonly fileId: string;
  readonly run: number;
  /** Sub-agent path: child history ids, outermost first. */
  readonly sub: readonly string[];
  readonly step?: string;
  readonly at: number;
}

/** Version 2's saved comparison, kept to upgrade databases it wrote. */
export interface StoredComparisonV2 {
  readonly id: string;
  readonly fileId: string;
  readonly name: string;
  readonly choices: string;
  readonly createdAt: number;
}

/** Version 1's record, kept to upgrade databases it wrote. */
export interface StoredFileV1 {
  readonly id: string;
  readonly name: string;
  readonly format: string;
  readonly size: number;
  readonly openedAt: number;
  readonly files: readonly { readonly path: string; readonly text: string }[];
}

export interface LibrarySchema extends DBSchema {
  files: { key: string; value: FileSummary; indexes: { openedAt: number; name: string } };
  parts: { key: string; value: StoredBytes };
  comparisons: { key: string; value: StoredComparison; indexes: { fileId: string } };
  places: { key: string; value: StoredPlace };
}

type UpgradeTx = IDBPTransaction<LibrarySchema, StoreNames<LibrarySchema>[], 'versionchange'>;

/** Upgrades by the version they lead to. */
const UPGRADES: Record<number, (db: IDBPDatabase<LibrarySchema>, tx: UpgradeTx) => Promise<void>> =
  {
    1: async (db) => {
      const files = db.createObjectStore('files', { keyPath: 'id' });
      files.createIndex('openedAt', 'openedAt');
    },
    2: async (db, tx) => {
      const comparisons = db.createObjectStore('comparisons', { keyPath: 'id' });
      comparisons.createIndex('fileId', 'fileId');
      const encoder = new TextEncoder();
      let cursor = await tx.objectStore('files').openCursor();
      while (cursor) {
        const old = cursor.value as unknown as StoredFileV1;
        const parts = old.files.map((f) => ({
          path: f.path,
          bytes: encoder.encode(f.text).buffer as ArrayBuffer,
        }));
        const next: StoredFile = {
          id: old.id,
          name: old.name,
          format: old.format,
          size: old.size,
          runs: 0,
          steps: 0,
          addedAt: old.openedAt,
          openedAt: old.openedAt,
          parts,
        };
        await cursor.update(next);
        cursor = await cursor.continue();
      }
    },
    3: async (db, tx) => {
      db.createObjectStore('places', { keyPath: 'fileId' });
      // Comparisons saved before v3 were saved on run 0 (the only run they reopened on).
      let cursor = await tx.objectStore('comparisons').openCursor();
      while (cursor) {
        const old = cursor.value as unknown as StoredComparisonV2;
        await cursor.update({ ...old, run: 0, settings: '' });
        cursor = await cursor.continue();
      }
    },
    4: async (_db, tx) => {
      tx.objectStore('files').createIndex('name', 'name');
    },
    5: async (db, tx) => {
      db.createObjectStore('parts', { keyPath: 'id' });
      const bytes = tx.objectStore('parts');
      // Every entry's bytes move, in this transaction: a failure aborts the upgrade and leaves
      // version 4's database as it was.
      let cursor = await tx.objectStore('files').openCursor();
      while (cursor) {
        const { parts, ...summary } = cursor.value as FileSummary & Partial<StoredBytes>;
        if (parts) await bytes.put({ id: summary.id, parts });
        await cursor.update(summary);
        cursor = await cursor.continue();
      }
    },
  };

/** Runs the upgrades from `oldVersion` (0: a new database) to `DB_VERSION`. */
export async function upgrade(
  db: IDBPDatabase<LibrarySchema>,
  oldVersion: number,
  tx: UpgradeTx,
): Promise<void> {
  for (let v = oldVersion + 1; v <= DB_VERSION; v++) await UPGRADES[v]?.(db, tx);
}
