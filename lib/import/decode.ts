/**
 * From bytes to text, as the file's writer meant it: UTF-8 with or without a byte-order mark (what
 * many Windows tools write), UTF-16 LE/BE with or without one (PowerShell's `>`), and a clear refusal
 * for what is not text (an archive, an image, a pickle) or too large to hold as one string.
 */
import { ImportError } from '../model/errors';

/** The largest file Stepscope opens: a JSON text must fit one string (V8's limit is 2^29 - 24 units). */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function formatSize(bytes: number): string {
  return bytes >= 2 ** 30
    ? `${(bytes / 2 ** 30).toFixed(1)} GB`
    : `${(bytes / 2 ** 20).toFixed(0)} MB`;
}

/** Why a file of this size is not opened, or undefined when it is fine. */
export function sizeProblem(name: string, bytes: number): string | undefined {
  if (bytes <= MAX_FILE_BYTES) return undefined;
  return `${name}: ${formatSize(bytes)} is more than Stepscope opens (${MAX_FILE_BYTES / 2 ** 20} MB); keep the part of the run you need (for JSONL: \`tail -n 20000\`) and open that`;
}

/**
 * The encoding the first bytes announce: a byte-order mark, else NUL bytes at every other position
 * (UTF-16 of mostly ASCII text).
 */
export function sniffEncoding(head: Uint8Array, name: string): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe && head[2] === 0 && head[3] === 0) {
    throw new ImportError(
      `${name}: the file is UTF-32, which Stepscope does not read; save it as UTF-8`,
    );
  }
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const n = Math.min(head.length, 512) & ~1;
  if (n >= 4) {
    let evenNul = 0;
    let oddNul = 0;
    for (let i = 0; i < n; i += 2) {
      if (head[i] === 0) evenNul++;
      if (head[i + 1] === 0) oddNul++;
    }
    if (oddNul > 0.9 * (n / 2) && evenNul === 0) return 'utf-16le';
    if (evenNul > 0.9 * (n / 2) && oddNul === 0) return 'utf-16be';
  }
  return 'utf-8';
}

/** A decoder for the encoding; it drops the byte-order mark. */
export function createDecoder(encoding: TextEncoding): TextDecoder {
  return new TextDecoder(encoding, { ignoreBOM: false });
}

/** A whole file's bytes as text. */
export function decodeBytes(bytes: Uint8Array, name: string): string {
  return createDecoder(sniffEncoding(bytes.subarray(0, 512), name)).decode(bytes);
}

/**
 * Whether a text is only whitespace (a byte-order mark counts as one). Stops at the first visible
 * character: `trim()` copies the whole text and a regex over 50 MB costs 13 ms.
 */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i += 4096)
    if (/[^\s\uFEFF]/.test(text.slice(i, i + 4096))) return false;
  return true;
}

/** Refuses empty text, binary files and text that is not UTF-8, naming the file and why. */
export function checkText(text: string, name: string): void {
  if (isBlank(text)) throw new ImportError(`${name}: the file is empty`);
  const head = text.slice(0, 4096);
  if (head.includes('\u0000')) {
    const hint = /\.eval$/i.test(name)
      ? ' (an Inspect .eval log is a zip archive, and this file is not one)'
      : '';
    throw new ImportError(`${name}: this is a binary file, not JSON${hint}`);
  }
  // Bytes that are not UTF-8 decode as U+FFFD: an image or a pickle, or text in another encoding.
  const bad = head.match(/\uFFFD/g)?.length ?? 0;
  if (bad > 8) {
    const first = head.indexOf('\uFFFD');
    const line = head.slice(0, first).split('\n').length;
    throw new ImportError(
      /^\s*[[{]/.test(head)
        ? `${name}: the text is not UTF-8 (${bad} characters in the first 4 KB cannot be decoded, the first on line ${line}); save it as UTF-8`
        : `${name}: this is a binary file, not JSON`,
    );
  }
}
