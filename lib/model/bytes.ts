/**
 * Bytes every layer reads. A large buffer (a picked file's 50 MB) stays in memory until the garbage
 * collector finds it unreferenced, which in a browser worker can be seconds after its last use:
 * reading a file held its slices, its whole bytes and the library's copies at once (issue 13's
 * memory row). `releaseBytes` frees a buffer the caller is done with at once.
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
 * frees it as before. Measured in Chromium (BENCHMARKS.md, issue 26's seventh round): the renderer
 * keeps the freed pages, but the allocations that follow reuse them, so a file's read no longer
 * adds its slices and its whole bytes to the peak (~60 MB less for a 53 MB file).
 */
export function releaseBytes(bytes: Uint8Array | ArrayBuffer): void {
  const buffer = (bytes instanceof Uint8Array ? bytes.buffer : bytes) as Transferable;
  if (typeof buffer.transfer === 'function' && buffer.detached !== true) buffer.transfer(0);
}
