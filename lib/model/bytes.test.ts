import { describe, expect, it } from 'vitest';
import { releaseBytes } from './bytes';

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
