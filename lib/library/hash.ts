/** An entry's content id: the SHA-256 of its parts (each path, then its bytes), in hex. */
import type { StoredPart } from './schema';

export async function contentHash(parts: readonly StoredPart[]): Promise<string> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const p of [...parts].sort((a, b) => a.path.localeCompare(b.path))) {
    const path = encoder.encode(p.path);
    const header = new Uint8Array(8);
    new DataView(header.buffer).setUint32(0, path.length);
    new DataView(header.buffer).setUint32(4, p.bytes.byteLength);
    chunks.push(header, path, new Uint8Array(p.bytes));
  }
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  const digest = await crypto.subtle.digest('SHA-256', all);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
