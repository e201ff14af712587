import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from './hash';
import type { StoredPart } from './schema';

/** The id by its definition: each part in path order as header (path length, byte length), path, bytes. */
function expected(parts: readonly { path: string; bytes: Uint8Array }[]): string {
  const sha = createHash('sha256');
  for (const p of [...parts].sort((a, b) => a.path.localeCompare(b.path))) {
    const path = Buffer.from(p.path, 'utf8');
    const header = Buffer.alloc(8);
    header.writeUInt32BE(path.length, 0);
    header.writeUInt32BE(p.bytes.length, 4);
    sha.update(header).update(path).update(p.bytes);
  }
  return sha.digest('hex');
}

const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

describe('contentHash', () => {
  it('gives the same id for parts in memory (one digest) and parts as Blobs (hashed as read), mixed too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            path: fc.string({ minLength: 1, maxLength: 12 }),
            bytes: fc.uint8Array({ maxLength: 300 }),
          }),
          { minLength: 1, maxLength: 4, selector: (p) => p.path },
        ),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (parts, asBlob) => {
          const inMemory: StoredPart[] = parts.map((p) => ({
            path: p.path,
            bytes: buffer(p.bytes),
          }));
          const mixed: StoredPart[] = parts.map((p, i) => ({
            path: p.path,
            bytes: asBlob[i] ? new Blob([buffer(p.bytes)]) : buffer(p.bytes),
          }));
          const id = expected(parts);
          expect(await contentHash(inMemory)).toBe(id);
          expect(await contentHash(mixed)).toBe(id);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('hashes a Blob larger than one 8 MB slice across its slices', async () => {
    const bytes = new Uint8Array(20 * 2 ** 20).map((_, i) => (i * 2654435761) >>> 24);
    const id = expected([{ path: 'big.json', bytes }]);
    expect(await contentHash([{ path: 'big.json', bytes: new Blob([bytes]) }])).toBe(id);
    expect(await contentHash([{ path: 'big.json', bytes: buffer(bytes) }])).toBe(id);
  });
});
