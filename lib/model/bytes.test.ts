import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blobSlices, readBlobBytes, releaseBytes } from './bytes';

/** A buffer given ES2024's `transfer` (Node 20 has none), recording the lengths it was asked for. */
function transferable(size: number) {
  const buffer = new ArrayBuffer(size);
  const asked: number[] = [];
  let detached = false;
  Object.defineProperties(buffer, {
    transfer: {
      value: (length: number) => {
        asked.push(length);
        detached = true;
        return new ArrayBuffer(length);
      },
    },
    detached: { get: () => detached },
  });
  return { buffer, asked };
}

describe('releaseBytes', () => {
  it('moves a buffer, or the buffer under a view, into an empty one, once', () => {
    const { buffer, asked } = transferable(16);
    releaseBytes(new Uint8Array(buffer, 4, 8));
    releaseBytes(buffer);
    expect(asked).toEqual([0]);
  });

  it('leaves the bytes as they are where the runtime has no transfer', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const plain = bytes.buffer as ArrayBuffer & { transfer?: unknown };
    if (typeof plain.transfer === 'function') return; // Node 21 on: nothing to check here.
    releaseBytes(bytes);
    expect([...bytes]).toEqual([1, 2, 3]);
  });
});

describe('blobSlices and readBlobBytes', () => {
  const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) & 255);
  /** The same Blob without a BYOB reader (a runtime whose Blob stream is not a byte stream). */
  const withoutByob = (blob: Blob): Blob =>
    ({
      size: blob.size,
      slice: (from?: number, to?: number) => blob.slice(from, to),
      stream: () => ({
        getReader: () => {
          throw new TypeError('not a byte stream');
        },
      }),
    }) as unknown as Blob;

  it('gives every byte once, in slices of the size asked for (the last shorter), with or without a BYOB reader', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 * (1 << 20) + 5 }),
        fc.integer({ min: 1, max: 1 << 21 }),
        fc.boolean(),
        async (n, size, byob) => {
          const bytes = bytesOf(n);
          const blob = byob ? new Blob([bytes]) : withoutByob(new Blob([bytes]));
          const seen: number[] = [];
          const copy = new Uint8Array(n);
          let at = 0;
          for await (const slice of blobSlices(blob, size)) {
            seen.push(slice.length);
            copy.set(slice, at);
            at += slice.length;
          }
          expect(at).toBe(n);
          expect(Buffer.from(copy).equals(Buffer.from(bytes))).toBe(true);
          expect(seen.slice(0, -1).every((k) => k === size)).toBe(true);
          if (n > 0) expect(seen.at(-1)).toBe(n - size * (seen.length - 1));
          const whole = await readBlobBytes(blob);
          expect(Buffer.from(whole).equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('reads every slice into one buffer of its own, the next overwriting the last', async () => {
    const slices: Uint8Array[] = [];
    for await (const slice of blobSlices(new Blob([bytesOf(5000)]), 1024)) slices.push(slice);
    expect(slices).toHaveLength(5);
    expect(new Set(slices.map((s) => s.buffer)).size).toBe(1);
  });
});
