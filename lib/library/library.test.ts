/**
 * The library on a real IndexedDB implementation (fake-indexeddb, per the spec, in memory): adding a
 * real fixture's bytes, reopening it byte for byte, dedupe by content, rename, delete with its
 * comparisons, export and import back, a database written by version 1, a full quota, an older tab
 * blocking the upgrade, and a browser without IndexedDB.
 */
import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import {
  contentHash,
  LibraryError,
  libraryOnce,
  openLibrary,
  partBytes,
  type StoredPart,
} from './library';
import { DB_NAME } from './schema';
import { exportLibrary, parseLibraryExport } from './transfer';

const fixture = readFileSync(
  new URL(
    '../../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
    import.meta.url,
  ),
);
const part = (path: string, bytes: Uint8Array): StoredPart => ({
  path,
  bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
});
const bytesOf = (p: StoredPart | undefined) => (p ? partBytes(p) : new ArrayBuffer(0));
const tau = {
  name: 'tau.json',
  format: 'openai-messages',
  size: fixture.length,
  runs: 1,
  steps: 42,
  parts: [part('tau.json', fixture)],
};

describe('library', () => {
  it('keeps a file byte for byte, lists it, and the same bytes opened again are one entry', async () => {
    const lib = await openLibrary(new IDBFactory());
    const added = await lib.add(tau, 1_000);
    expect(added.id).toBe(await contentHash(tau.parts));
    expect(added.id).toMatch(/^[0-9a-f]{64}$/);
    const again = await lib.add({ ...tau, name: 'copy.json' }, 2_000);
    expect(again.id).toBe(added.id);
    expect(again.name).toBe('tau.json');
    const list = await lib.list();
    expect(list).toEqual([
      {
        id: added.id,
        name: 'tau.json',
        format: 'openai-messages',
        size: fixture.length,
        runs: 1,
        steps: 42,
        addedAt: 1_000,
        openedAt: 2_000,
      },
    ]);
    const stored = await lib.get(added.id);
    expect(Buffer.from(await bytesOf(stored?.parts[0])).equals(fixture)).toBe(true);
  });

  it('keeps a part given as a Blob (a picked file) as it is, with the id its bytes hash to', async () => {
    const lib = await openLibrary(new IDBFactory());
    const meta = {
      name: 'picked.json',
      format: 'openai-messages',
      size: fixture.length,
      runs: 1,
      steps: 42,
    };
    const asBuffer = await contentHash([part('picked.json', fixture)]);
    const added = await lib.add(
      { ...meta, parts: [{ path: 'picked.json', bytes: new Blob([new Uint8Array(fixture)]) }] },
      1_000,
    );
    expect(added.id).toBe(asBuffer);
    const stored = await lib.get(added.id);
    expect(stored?.parts[0]?.bytes).toBeInstanceOf(Blob);
    expect(Buffer.from(await bytesOf(stored?.parts[0])).equals(fixture)).toBe(true);
    // The export reads the Blob's bytes; read back, they hash to the same id.
    const back = await parseLibraryExport(
      await exportLibrary(await lib.dump(), new Date(5_000)),
      'x.json',
    );
    expect(back.files[0]?.id).toBe(asBuffer);
  });

  it('says a full storage at once, without trying a Blob part again as bytes', async () => {
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      const lib = await openLibrary(new IDBFactory());
      const blob = new Blob([new Uint8Array(fixture)]);
      await expect(
        lib.add({ ...tau, parts: [{ path: 'tau.json', bytes: blob }] }, 1_000),
      ).rejects.toThrow("The browser's storage for this site is full");
      // One write tried: a retry with the bytes would write again.
      expect(full).toHaveBeenCalledTimes(1);
    } finally {
      full.mockRestore();
    }
  });

  it('keeps the bytes where IndexedDB refuses a Blob', async () => {
    const put = IDBObjectStore.prototype.put;
    const refusing = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      const parts = (args[0] as { parts?: { bytes: unknown }[] }).parts;
      if (parts?.some((p) => p.bytes instanceof Blob))
        throw new DOMException('Blobs are not kept here', 'DataCloneError');
      return put.apply(this, args);
    });
    try {
      const lib = await openLibrary(new IDBFactory());
      const blob = new Blob([new Uint8Array(fixture)]);
      const added = await lib.add({ ...tau, parts: [{ path: 'tau.json', bytes: blob }] }, 1_000);
      expect(added.id).toBe(await contentHash(tau.parts));
      const stored = await lib.get(added.id);
      expect(stored?.parts[0]?.bytes).toBeInstanceOf(ArrayBuffer);
      expect(Buffer.from(await bytesOf(stored?.parts[0])).equals(fixture)).toBe(true);
    } finally {
      refusing.mockRestore();
    }
  });

  it('survives closing and reopening (a reload), sorts by last opened, renames and deletes with its comparisons', async () => {
    const factory = new IDBFactory();
    const first = await openLibrary(factory);
    const a = await first.add(tau, 1_000);
    const b = await first.add(
      {
        ...tau,
        name: 'other.json',
        parts: [part('other.json', new TextEncoder().encode('[{"role":"user","content":"hi"}]'))],
      },
      2_000,
    );
    await first.saveComparison(
      { fileId: a.id, name: 'windows', choices: 'strands-sliding-window' },
      3_000,
    );
    first.close();
    const lib = await openLibrary(factory);
    expect((await lib.list()).map((f) => f.name)).toEqual(['other.json', 'tau.json']);
    await lib.touch(a.id, 4_000);
    expect((await lib.list()).map((f) => f.name)).toEqual(['tau.json', 'other.json']);
    await lib.rename(a.id, '  airline task 3 ');
    expect((await lib.get(a.id))?.name).toBe('airline task 3');
    // The header's read: the name from the index, the bytes left unread.
    expect(await lib.nameOf(a.id)).toBe('airline task 3');
    expect(await lib.nameOf(b.id)).toBe('other.json');
    expect(await lib.nameOf('no-such-entry')).toBeUndefined();
    await expect(lib.rename(a.id, ' ')).rejects.toThrow('A name cannot be empty');
    expect((await lib.comparisons(a.id)).map((c) => c.name)).toEqual(['windows']);
    await lib.remove(a.id);
    expect((await lib.list()).map((f) => f.id)).toEqual([b.id]);
    expect(await lib.comparisons()).toEqual([]);
  });

  it('exports everything as one file and imports it back into an empty library, identical', async () => {
    const lib = await openLibrary(new IDBFactory());
    const a = await lib.add(tau, 1_000);
    await lib.saveComparison(
      { fileId: a.id, name: 'three defaults', choices: 'none,strands-sliding-window' },
      2_000,
    );
    const text = await exportLibrary(await lib.dump(), new Date(5_000));
    const other = await openLibrary(new IDBFactory());
    await other.restore(await parseLibraryExport(text, 'library.json'));
    expect(await other.dump()).toEqual(await lib.dump());
    // A damaged export is refused with where it is wrong.
    const value = JSON.parse(text);
    value.files[0].parts[0].base64 = value.files[0].parts[0].base64.slice(8);
    await expect(parseLibraryExport(JSON.stringify(value), 'library.json')).rejects.toThrow(
      'library.json: at /files/0: the bytes of tau.json do not match its id (the export was altered or cut short)',
    );
    await expect(
      parseLibraryExport(JSON.stringify({ ...JSON.parse(text), extra: 1 }), 'l.json'),
    ).rejects.toThrow(
      'l.json: not a Stepscope library export, or a damaged one: at /: Unrecognized key: "extra"',
    );
    await expect(parseLibraryExport('[1,2', 'l.json')).rejects.toThrow(
      'l.json: not a library export (the text is not JSON)',
    );
  });

  it('opens a database written by version 1 (text only, no comparisons) and upgrades its entries', async () => {
    const factory = new IDBFactory();
    // Version 1 as it wrote its database: one store of files with their text.
    await new Promise<void>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore('files', { keyPath: 'id' });
        store.createIndex('openedAt', 'openedAt');
        store.put({
          id: 'v1-entry',
          name: 'tau.json',
          format: 'openai-messages',
          size: fixture.length,
          openedAt: 7_000,
          files: [{ path: 'tau.json', text: fixture.toString('utf8') }],
        });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const lib = await openLibrary(factory);
    const [entry] = await lib.list();
    expect(entry).toEqual({
      id: 'v1-entry',
      name: 'tau.json',
      format: 'openai-messages',
      size: fixture.length,
      runs: 0,
      steps: 0,
      addedAt: 7_000,
      openedAt: 7_000,
    });
    expect(Buffer.from(await bytesOf((await lib.get('v1-entry'))?.parts[0])).equals(fixture)).toBe(
      true,
    );
    expect(await lib.comparisons()).toEqual([]);
    // Version 4's name index covers entries written before it.
    expect(await lib.nameOf('v1-entry')).toBe('tau.json');
    await lib.saveComparison({ fileId: 'v1-entry', name: 'after the upgrade', choices: 'none' });
    expect((await lib.comparisons('v1-entry')).map((c) => c.name)).toEqual(['after the upgrade']);
  });

  it('opens a database written by version 2 and keeps its comparisons, on run 0 (the only run they reopened on)', async () => {
    const factory = new IDBFactory();
    // Version 2 as it wrote its database: files with bytes, comparisons without a run.
    await new Promise<void>((resolve, reject) => {
      const request = factory.open(DB_NAME, 2);
      request.onupgradeneeded = () => {
        const files = request.result.createObjectStore('files', { keyPath: 'id' });
        files.createIndex('openedAt', 'openedAt');
        const comparisons = request.result.createObjectStore('comparisons', { keyPath: 'id' });
        comparisons.createIndex('fileId', 'fileId');
        comparisons.put({
          id: 'c1',
          fileId: 'f1',
          name: 'three defaults',
          choices: 'none',
          createdAt: 3_000,
        });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const lib = await openLibrary(factory);
    expect(await lib.comparisons('f1')).toEqual([
      {
        id: 'c1',
        fileId: 'f1',
        name: 'three defaults',
        choices: 'none',
        createdAt: 3_000,
        run: 0,
        settings: '',
      },
    ]);
    expect(await lib.places()).toEqual([]);
  });

  it('keeps the run and choices a comparison was saved on, and where the user was in each file', async () => {
    const lib = await openLibrary(new IDBFactory());
    const a = await lib.add(tau, 1_000);
    const saved = await lib.saveComparison(
      { fileId: a.id, name: 'on run 8', choices: 'none', run: 8, settings: 'goal=loss' },
      2_000,
    );
    expect(saved).toMatchObject({ run: 8, settings: 'goal=loss' });
    await lib.remember({ fileId: a.id, run: 8, sub: ['agent-1'], step: 's3' }, 3_000);
    await lib.remember({ fileId: a.id, run: 2, sub: [] }, 4_000);
    // A file not (or no longer) in the library has no place to come back to.
    await lib.remember({ fileId: 'gone', run: 1, sub: [] }, 4_000);
    expect(await lib.places()).toEqual([{ fileId: a.id, run: 2, sub: [], at: 4_000 }]);
    // The export carries the comparison's run and choices; an older export, without, reads as run 0.
    const text = await exportLibrary(await lib.dump(), new Date(5_000));
    const back = await parseLibraryExport(text, 'library.json');
    expect(back.comparisons[0]).toMatchObject({ run: 8, settings: 'goal=loss' });
    const older = JSON.parse(text);
    delete older.comparisons[0].run;
    delete older.comparisons[0].settings;
    const read = await parseLibraryExport(JSON.stringify(older), 'old.json');
    expect(read.comparisons[0]).toMatchObject({ run: 0, settings: '' });
    await lib.remove(a.id);
    expect(await lib.places()).toEqual([]);
  });

  it('says what to do when the quota is full, another tab blocks the upgrade, or there is no IndexedDB', async () => {
    const factory = new IDBFactory();
    const lib = await openLibrary(factory);
    const full = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    const original = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function put() {
      throw full;
    };
    try {
      await expect(lib.add(tau)).rejects.toThrow(
        "The browser's storage for this site is full, so keeping tau.json in the library failed. Delete entries you no longer need from the library (or free disk space) and try again.",
      );
    } finally {
      IDBObjectStore.prototype.put = original;
    }
    // An older version held open without giving way (a tab from before an update).
    const blockedFactory = new IDBFactory();
    const old = await new Promise<IDBDatabase>((resolve) => {
      const r = blockedFactory.open(DB_NAME, 1);
      r.onupgradeneeded = () =>
        r.result.createObjectStore('files', { keyPath: 'id' }).createIndex('openedAt', 'openedAt');
      r.onsuccess = () => resolve(r.result);
    });
    await expect(openLibrary(blockedFactory)).rejects.toThrow(
      'Another Stepscope tab holds an older version of the library open. Close or reload the other Stepscope tabs, then reload this one.',
    );
    old.close();
    await expect(openLibrary(null)).rejects.toBeInstanceOf(LibraryError);
    await expect(openLibrary(null)).rejects.toThrow(
      'This browser has no IndexedDB, so the library is not available here. Files still open; they are just not kept.',
    );
  });
});

describe('libraryOnce', () => {
  it('opens once for every caller, and tries again after a failure', async () => {
    let opened = 0;
    const factory = new IDBFactory();
    const once = libraryOnce(() => {
      opened++;
      return opened === 1 ? openLibrary(null) : openLibrary(factory);
    });
    await expect(once()).rejects.toBeInstanceOf(LibraryError);
    const [a, b] = await Promise.all([once(), once()]);
    expect(a).toBe(b);
    expect(opened).toBe(2);
  });
});
