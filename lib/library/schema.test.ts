/**
 * Version 5's layout: an entry's bytes in a `parts` store of their own, its summary alone in
 * `files`. A database version 4 wrote (a real fixture and a real fleet's folder, with comparisons
 * and places) upgrades with every byte kept; listing, marking opened and renaming then read and
 * write summaries only (the raw stores, read through a second connection, show it); deleting an
 * entry deletes its bytes; an export round-trips.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contentHash,
  fileSummary,
  openLibrary,
  partSize,
  type StoredFile,
  type StoredPart,
} from './library';
import { DB_NAME } from './schema';
import { exportLibrary, parseLibraryExport } from './transfer';

const part = (path: string, bytes: Uint8Array): StoredPart => ({
  path,
  bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
});
const tauParts = [
  part(
    'tau.json',
    readFileSync(
      new URL(
        '../../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
        import.meta.url,
      ),
    ),
  ),
];
const FLEET = fileURLToPath(
  new URL('../../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/', import.meta.url),
);
const fleetParts = [
  ...readdirSync(join(FLEET, 'trajs'))
    .sort()
    .slice(0, 3)
    .map((id) => `trajs/${id}/${id}.traj.json`),
  'results_summary.json',
].map((path) => part(path, readFileSync(join(FLEET, path))));

/** Two entries as version 4 kept them: summary and bytes in one `files` record. */
async function v4Entries(): Promise<StoredFile[]> {
  const size = (parts: StoredPart[]) => parts.reduce((n, p) => n + partSize(p), 0);
  return [
    {
      id: await contentHash(tauParts),
      name: 'airline task 3',
      format: 'openai-messages',
      size: size(tauParts),
      runs: 1,
      steps: 42,
      addedAt: 1_000,
      openedAt: 5_000,
      parts: tauParts,
    },
    {
      id: await contentHash(fleetParts),
      name: 'gemini fleet',
      format: 'mini-swe-agent',
      size: size(fleetParts),
      runs: 3,
      steps: 120,
      addedAt: 2_000,
      openedAt: 3_000,
      parts: fleetParts,
    },
  ];
}

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if ('oncomplete' in request) request.oncomplete = () => resolve();
    else request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });

/** Writes a database as version 4 did (its stores, indexes and records), then closes it. */
async function writeV4(factory: IDBFactory, files: readonly StoredFile[]): Promise<void> {
  const request = factory.open(DB_NAME, 4);
  request.onupgradeneeded = () => {
    const db = request.result;
    const store = db.createObjectStore('files', { keyPath: 'id' });
    store.createIndex('openedAt', 'openedAt');
    store.createIndex('name', 'name');
    const comparisons = db.createObjectStore('comparisons', { keyPath: 'id' });
    comparisons.createIndex('fileId', 'fileId');
    const places = db.createObjectStore('places', { keyPath: 'fileId' });
    for (const f of files) store.put(f);
    const [first] = files;
    if (!first) return;
    comparisons.put({
      id: 'c1',
      fileId: first.id,
      name: 'windows',
      choices: 'none,strands-sliding-window',
      createdAt: 4_000,
      run: 0,
      settings: 'goal=loss',
    });
    places.put({ fileId: first.id, run: 0, sub: ['agent-1'], step: 's3', at: 4_500 });
  };
  await done(request);
  request.result.close();
}

/** Every record of a store, read through a connection of its own (not the library's). */
async function rawRecords(factory: IDBFactory, store: string): Promise<unknown[]> {
  const open = factory.open(DB_NAME);
  await done(open);
  const read = open.result.transaction(store).objectStore(store).getAll();
  await done(read);
  open.result.close();
  return read.result as unknown[];
}

const bytesOf = (parts: readonly StoredPart[] | undefined) =>
  (parts ?? []).map((p) => ({
    path: p.path,
    bytes: Buffer.from(p.bytes as ArrayBuffer).toString('base64'),
  }));

/** The stores each transaction opened, and the stores each `put` wrote to, while it is on. */
function watchStores() {
  const scopes: string[][] = [];
  const puts: string[] = [];
  const transaction = IDBDatabase.prototype.transaction;
  const put = IDBObjectStore.prototype.put;
  IDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    ...args: Parameters<typeof transaction>
  ) {
    const [names] = args;
    scopes.push(typeof names === 'string' ? [names] : [...names]);
    return transaction.apply(this, args);
  } as typeof transaction;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
    puts.push(this.name);
    return put.apply(this, args);
  } as typeof put;
  restore.push(() => {
    IDBDatabase.prototype.transaction = transaction;
    IDBObjectStore.prototype.put = put;
  });
  return { scopes, puts };
}
const restore: (() => void)[] = [];

/** A new library (version 5 from the start) with both entries added. */
async function libraryOfTwo() {
  const factory = new IDBFactory();
  const lib = await openLibrary(factory);
  const [tau, fleet] = await v4Entries();
  if (!tau || !fleet) throw new Error('two entries');
  await lib.add(tau, 1_000);
  await lib.add(fleet, 2_000);
  return { factory, lib, tau, fleet };
}
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

describe('library version 5: bytes apart from summaries', () => {
  it("opens a database version 4 wrote with every entry's bytes, comparisons and places kept, and only summaries left in `files`", async () => {
    const factory = new IDBFactory();
    const entries = await v4Entries();
    await writeV4(factory, entries);
    const lib = await openLibrary(factory);
    // What version 4 listed: summaries, most recently opened first.
    expect(await lib.list()).toEqual(entries.map(fileSummary));
    for (const e of entries) {
      const got = await lib.get(e.id);
      expect(got && fileSummary(got)).toEqual(fileSummary(e));
      expect(bytesOf(got?.parts)).toEqual(bytesOf(e.parts));
      expect(await lib.nameOf(e.id)).toBe(e.name);
    }
    expect(await lib.comparisons(entries[0]?.id)).toEqual([
      expect.objectContaining({ id: 'c1', run: 0, settings: 'goal=loss' }),
    ]);
    expect(await lib.places()).toEqual([
      { fileId: entries[0]?.id, run: 0, sub: ['agent-1'], step: 's3', at: 4_500 },
    ]);
    // Through a second connection: `files` holds no bytes (what `list` reads), `parts` holds them all.
    const files = await rawRecords(factory, 'files');
    expect(files).toHaveLength(2);
    for (const record of files) expect(record).not.toHaveProperty('parts');
    expect(files).toEqual(expect.arrayContaining(entries.map(fileSummary)));
    const parts = (await rawRecords(factory, 'parts')) as { id: string; parts: StoredPart[] }[];
    expect(parts.map((p) => ({ id: p.id, parts: bytesOf(p.parts) }))).toEqual(
      expect.arrayContaining(entries.map((e) => ({ id: e.id, parts: bytesOf(e.parts) }))),
    );
    lib.close();
  });

  it('lists, marks opened, renames and names entries without reading or writing their bytes', async () => {
    const { factory, lib, tau, fleet } = await libraryOfTwo();
    const before = await rawRecords(factory, 'parts');
    const seen = watchStores();
    expect((await lib.list()).map((f) => f.name)).toEqual(['gemini fleet', 'airline task 3']);
    expect(await lib.touch(tau.id, 3_000)).toMatchObject({ id: tau.id, openedAt: 3_000 });
    expect(await lib.touch('no-such-entry', 3_000)).toBeUndefined();
    await lib.rename(fleet.id, 'the fleet');
    expect(await lib.nameOf(fleet.id)).toBe('the fleet');
    // The same bytes added again: its summary is marked opened, its bytes are not written again.
    expect((await lib.add({ ...tau, name: 'copy.json' }, 4_000)).name).toBe('airline task 3');
    expect(seen.scopes.filter((s) => s.includes('parts'))).toEqual([['files', 'parts']]);
    expect(seen.puts).toEqual(['files', 'files', 'files']);
    expect(await rawRecords(factory, 'parts')).toEqual(before);
    expect((await lib.list()).map((f) => [f.name, f.openedAt])).toEqual([
      ['airline task 3', 4_000],
      ['the fleet', 2_000],
    ]);
    lib.close();
  });

  it('deletes an entry with its bytes, and an export of every entry imports back byte for byte', async () => {
    const { factory, lib, tau, fleet } = await libraryOfTwo();
    await lib.saveComparison({ fileId: fleet.id, name: 'fleet windows', choices: 'none' }, 3_000);
    const dumped = await lib.dump();
    expect(dumped.files.map((f) => [f.name, bytesOf(f.parts)])).toEqual(
      expect.arrayContaining([
        [tau.name, bytesOf(tau.parts)],
        [fleet.name, bytesOf(fleet.parts)],
      ]),
    );
    const text = await exportLibrary(dumped, new Date(5_000));

    await lib.remove(tau.id);
    expect(((await rawRecords(factory, 'parts')) as { id: string }[]).map((p) => p.id)).toEqual([
      fleet.id,
    ]);
    expect(await lib.get(tau.id)).toBeUndefined();

    const other = new IDBFactory();
    const back = await openLibrary(other);
    await back.restore(await parseLibraryExport(text, 'library.json'));
    expect(await back.dump()).toEqual(dumped);
    expect(bytesOf((await back.get(fleet.id))?.parts)).toEqual(bytesOf(fleet.parts));
    for (const record of await rawRecords(other, 'files'))
      expect(record).not.toHaveProperty('parts');
    lib.close();
    back.close();
  });
});
