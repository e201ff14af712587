/**
 * Strings sent to a counting helper in the browser as UTF-16 code units in one transferred
 * buffer, which the helper sends back with its counts, so the next piece reuses it. A message's
 * strings are copied into its serialized form, which the browser keeps as long as the helper's
 * `MessageEvent` lives (until a full collection there, which counting seldom brings): a 53 MB
 * file's counting piled up 30 MB of them (issue 26's eighteenth round). A transferred buffer is
 * moved, not copied, and moved back.
 *
 * Code units, not UTF-8: a lone surrogate (real histories have them, cut mid-emoji) comes back as
 * it was, and a count of it is the count of the text itself.
 */

/** Strings in one buffer: `lengths[i]` code units each, one after another. */
export interface PackedTexts {
  readonly buffer: ArrayBuffer;
  readonly lengths: Uint32Array;
}

/** Code units read back into a string at a time (`String.fromCharCode` takes them as arguments). */
const CHUNK = 8192;

/** Packs `texts` into `spare` when it is large enough, else into a new buffer (a little larger). */
export function packTexts(texts: readonly string[], spare?: ArrayBuffer): PackedTexts {
  let units = 0;
  for (const t of texts) units += t.length;
  const buffer =
    spare && spare.byteLength >= units * 2
      ? spare
      : new ArrayBuffer(2 * (Math.ceil(units * 1.25) + 32));
  const view = new Uint16Array(buffer);
  const lengths = new Uint32Array(texts.length);
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i] as string;
    for (let k = 0; k < t.length; k++) view[at + k] = t.charCodeAt(k);
    lengths[i] = t.length;
    at += t.length;
  }
  return { buffer, lengths };
}

/** The strings `packTexts` packed, each as it was. */
export function unpackTexts({ buffer, lengths }: PackedTexts): string[] {
  const view = new Uint16Array(buffer);
  const out: string[] = [];
  let at = 0;
  for (const length of lengths) {
    let text = '';
    for (let k = 0; k < length; k += CHUNK)
      text += String.fromCharCode.apply(
        null,
        view.subarray(at + k, at + Math.min(length, k + CHUNK)) as unknown as number[],
      );
    out.push(text);
    at += length;
  }
  return out;
}
