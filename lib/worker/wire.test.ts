import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PickedFile, WorkerRequest } from './protocol';
import { createGatherer, FILES_PER_PART, toWire, type WireMessage } from './wire';

const FLEET = fileURLToPath(
  new URL('../../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/', import.meta.url),
);

/** The real fleet's 30 trajectories, picked as files. */
function fleetFiles(): PickedFile[] {
  return readdirSync(FLEET, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { file: new File([readFileSync(path)], e.name), path: path.slice(FLEET.length) };
    });
}

const counting = { tokenizer: 'heuristic', dialect: 'recorded' } as const;

/** Every request the messages complete, in order. */
function across(messages: readonly WireMessage[]): WorkerRequest[] {
  const gather = createGatherer();
  return messages.flatMap((m) => gather(structuredClone(m)) ?? []);
}

describe('requests across the wire', () => {
  it('a folder of more than 25 files crosses in parts and arrives whole, in order', async () => {
    const files = fleetFiles();
    expect(files.length).toBeGreaterThan(FILES_PER_PART);
    const request: WorkerRequest = { type: 'read-files', requestId: 7, files, ...counting };
    const wire = toWire(request);
    expect(wire.map((m) => m.type)).toEqual([
      ...Array.from({ length: Math.ceil(files.length / FILES_PER_PART) }, () => 'files-part'),
      'files-gathered',
    ]);
    const [arrived] = across(wire);
    if (arrived?.type !== 'read-files') throw new Error('the request did not arrive');
    expect(arrived.requestId).toBe(7);
    expect(arrived.files.map((f) => f.path)).toEqual(files.map((f) => f.path));
    // The files' bytes arrive too (a clone of each File, as postMessage gives).
    const sizes = await Promise.all(arrived.files.map(async (f) => (await f.file.bytes()).length));
    expect(sizes).toEqual(files.map((f) => f.file.size));
  });

  it('a request with few files or none crosses as it is', () => {
    const few: WorkerRequest = {
      type: 'read-files',
      requestId: 1,
      files: fleetFiles().slice(0, FILES_PER_PART),
      ...counting,
    };
    const cancel: WorkerRequest = { type: 'cancel', requestId: 1 };
    expect(toWire(few)).toEqual([few]);
    expect(toWire(cancel)).toEqual([cancel]);
  });

  it('requests sent one after another arrive as sent, whatever their parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(60), fc.constant(-1)), { maxLength: 6 }),
        fc.integer({ min: 1, max: 10 }),
        (sizes, perPart) => {
          // -1: a cancel; n: a bundled example's n texts (load-many), each named by its place.
          const sent: WorkerRequest[] = sizes.map((n, i) =>
            n < 0
              ? { type: 'cancel', requestId: i }
              : {
                  type: 'load-many',
                  requestId: i,
                  files: Array.from({ length: n }, (_, k) => ({ name: `${i}/${k}`, text: `${k}` })),
                  ...counting,
                },
          );
          expect(across(sent.flatMap((r) => toWire(r, perPart)))).toEqual(sent);
        },
      ),
    );
  });
});
