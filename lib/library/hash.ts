/** An entry's content id: the SHA-256 of its parts (each path, then its bytes), in hex. */
import { releaseBytes } from '../model/bytes';
import { isBuffer, partSize, type StoredPart } from './schema';

/** Bytes read from a part's Blob at a time. */
const SLICE = 8 * 2 ** 20;

/**
 * The parts, sorted by path, each as its header (path length and byte length, 32-bit big-endian),
 * path and bytes, in one buffer read straight from the parts (a Blob slice by slice) and released
 * once hashed: the digest needs it whole, and nothing else keeps it.
 */
export async function contentHash(parts: readonly StoredPart[]): Promise<string> {
  const encoder = new TextEncoder();
  const sorted = [...parts].sort((a, b) => a.path.localeCompare(b.path));
  const paths = sorted.map((p) => encoder.encode(p.path));
  const all = new Uint8Array(
    sorted.reduce((n, p, i) => n + 8 + (paths[i]?.length ?? 0) + partSize(p), 0),
  );
  let at = 0;
  for (const [i, p] of sorted.entries()) {
    const path = paths[i] ?? new Uint8Array();
    const size = partSize(p);
    const header = new DataView(all.buffer, at, 8);
    header.setUint32(0, path.length);
    header.setUint32(4, size);
    all.set(path, at + 8);
    at += 8 + path.length;
    if (isBuffer(p.bytes)) all.set(new Uint8Array(p.bytes), at);
    else
      for (let from = 0; from < size; from += SLICE) {
        const slice = new Uint8Array(await p.bytes.slice(from, from + SLICE).arrayBuffer());
        all.set(slice, at + from);
        releaseBytes(slice);
      }
    at += size;
  }
  const digest = await crypto.subtle.digest('SHA-256', all);
  releaseBytes(all);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
