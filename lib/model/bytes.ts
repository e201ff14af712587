/**
 * Bytes every layer reads. A large buffer (a picked file's 50 MB) stays in memory until the garbage
 * collector finds it unreferenced, which in a browser worker can be seconds after its last use:
 * reading a file held its slices, its whole bytes and the library's copies at once (issue 13's
 * memory row). `releaseBytes` frees a buffer the caller is done with at once.
 *
 * Only a buffer this code made can be freed so. Chromium keeps a buffer it made itself (what
 * `Blob.arrayBuffer()` gives, a stream's chunk) until a full collection of the worker's heap,
 * whatever `transfer` does to it: measured with Chromium's memory-infra dumps, a 53 MB file read
 * with `arrayBuffer()` and then "released" still held its 53 MB, and the library's hash of it
 * (7 slices of 8 MB) 56 MB more, through the whole load (BENCHMARKS.md, issue 26's sixteenth
 * round). So a Blob is read here (`blobSlices`, `readBlobBytes`) with a BYOB reader into one small
 * buffer reused for every read, and copied into buffers of ours.
 */

/** A buffer with ES2024's `transfer` (Chromium 114 on; Node 20 has none). */
type Transferable = ArrayBuffer & {
  transfer?: (length: number) => ArrayBuffer;
  detached?: boolean;
};

/**
 * Frees the memory of a buffer no one reads any more, now rather than at a later collection: its
 * contents are moved into an empty buffer (`ArrayBuffer.prototype.transfer(0)`), which detaches it.
 * Every view of it reads as empty afterwards. Where the runtime has no `transfer`, the collector
 * frees it as before. In Chromium only a buffer this code made is freed so (see the head): one the
 * browser made stays allocated until a full collection, detached or not.
 */
export function releaseBytes(bytes: Uint8Array | ArrayBuffer): void {
  const buffer = (bytes instanceof Uint8Array ? bytes.buffer : bytes) as Transferable;
  if (typeof buffer.transfer === 'function' && buffer.detached !== true) buffer.transfer(0);
}

/** Bytes a BYOB reader reads at a time (the one buffer Chromium keeps from a read). */
const READ_CHUNK = 1 << 20;

/**
 * A Blob's bytes as they are read, each a view that the next overwrites (a caller copies or
 * consumes it first): a BYOB reader reads them into one reused 1 MB buffer. Where a Blob's stream
 * has no BYOB reader, 1 MB slices of the runtime's own buffers.
 */
async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  let reader: ReadableStreamBYOBReader | undefined;
  try {
    reader = blob.stream().getReader({ mode: 'byob' });
  } catch {
    for (let at = 0; at < blob.size; at += READ_CHUNK)
      yield new Uint8Array(await blob.slice(at, at + READ_CHUNK).arrayBuffer());
    return;
  }
  try {
    let chunk = new Uint8Array(Math.max(1, Math.min(READ_CHUNK, blob.size)));
    for (;;) {
      const { value, done } = await reader.read(chunk);
      if (done || !value) return;
      yield value;
      chunk = new Uint8Array(value.buffer);
    }
  } finally {
    await reader.cancel();
  }
}

/**
 * A Blob's bytes as `size`-byte slices (the last one shorter), each a view of one buffer of ours
 * that the next slice overwrites: a caller copies or consumes a slice before it asks for the next.
 * The buffer is freed (`releaseBytes`) when the reading ends.
 */
export async function* blobSlices(blob: Blob, size: number): AsyncGenerator<Uint8Array> {
  if (blob.size === 0) return;
  const slice = new Uint8Array(Math.min(size, blob.size));
  let filled = 0;
  try {
    for await (const value of blobChunks(blob)) {
      for (let from = 0; from < value.length;) {
        const n = Math.min(value.length - from, slice.length - filled);
        slice.set(value.subarray(from, from + n), filled);
        filled += n;
        from += n;
        if (filled === slice.length) {
          yield slice;
          filled = 0;
        }
      }
    }
    if (filled > 0) yield slice.subarray(0, filled);
  } finally {
    releaseBytes(slice);
  }
}

/** A Blob's whole bytes in a buffer of ours, which `releaseBytes` frees at once (see the head). */
export async function readBlobBytes(blob: Blob): Promise<Uint8Array> {
  const out = new Uint8Array(blob.size);
  let at = 0;
  for await (const value of blobChunks(blob)) {
    if (at + value.length > out.length) throw new Error('The file changed while it was read');
    out.set(value, at);
    at += value.length;
  }
  return at === out.length ? out : out.subarray(0, at);
}
