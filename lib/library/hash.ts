/**
 * An entry's content id: the SHA-256 of its parts, sorted by path, each as its header (path length
 * and byte length, 32-bit big-endian), path and bytes, in hex.
 *
 * Parts in memory (an export read back, entries kept before) are hashed in one WebCrypto digest.
 * A part that is a Blob (a picked file) is hashed as it is read, 1 MB at a time, by hash-wasm's
 * incremental SHA-256: WebCrypto has no incremental digest, and its one buffer of the whole
 * entry was 53 MB of the worker's peak for a 53 MB file (issue 13's memory row). hash-wasm (MIT,
 * maintained, ~4× faster than a JavaScript SHA-256 here) runs in the history worker, whose policy
 * allows WebAssembly; the page only hashes parts in memory. Both give the same digest (tested).
 */
import { createSHA256 } from 'hash-wasm';
import { blobSlices } from '../model/bytes';
import { isBuffer, partSize, type StoredPart } from './schema';

/** Bytes read from a part's Blob at a time. */
const SLICE = 2 ** 20;

/**
 * Each part's header, path and bytes (a Blob's read slice by slice, each slice a view of one
 * reused buffer, hashed before the next: `blobSlices`), in path order.
 */
async function* pieces(parts: readonly StoredPart[]): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for (const p of [...parts].sort((a, b) => a.path.localeCompare(b.path))) {
    const path = encoder.encode(p.path);
    const size = partSize(p);
    const header = new Uint8Array(8);
    new DataView(header.buffer).setUint32(0, path.length);
    new DataView(header.buffer).setUint32(4, size);
    yield header;
    yield path;
    if (isBuffer(p.bytes)) yield new Uint8Array(p.bytes);
    else yield* blobSlices(p.bytes, SLICE);
  }
}

export async function contentHash(parts: readonly StoredPart[]): Promise<string> {
  if (parts.some((p) => !isBuffer(p.bytes))) {
    const sha = await createSHA256();
    sha.init();
    for await (const bytes of pieces(parts)) sha.update(bytes);
    return sha.digest('hex');
  }
  const chunks: Uint8Array[] = [];
  for await (const bytes of pieces(parts)) chunks.push(bytes);
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  const digest = await crypto.subtle.digest('SHA-256', all);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
