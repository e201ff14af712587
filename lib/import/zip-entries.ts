/**
 * The entries of a zip archive that a reader wants, inflated: stored (method 0), deflate (8) and
 * Zstandard (93) entries. Inspect AI writes `.eval` logs with zstd since 0.3.206 ("Eval Logs:
 * Enable zstd compression by default for writing logs", UKGovernmentBEIS/inspect_ai CHANGELOG;
 * `ZipCompressionMethod.ZSTD = 93` in `src/inspect_ai/_util/zip_common.py`), earlier ones with deflate.
 *
 * fflate reads the archive and fzstd decodes zstd: both pure JavaScript, small and dependency-free,
 * so the same code runs in the browser, the Web Worker and Node. fflate's `unzipSync` reads only
 * stored and deflate entries, so the central directory is read first with `unzipSync` (sizes and
 * methods, nothing inflated), then the entries through fflate's `Unzip` stream, where a decoder
 * for method 93 is registered as its API provides.
 */
import { Unzip, UnzipInflate, unzipSync, type FlateError, type UnzipDecoder } from 'fflate';
import { decompress } from 'fzstd';
import { ImportError } from '../model/errors';
import { errorOf } from './guards';

/** Compression methods by number (PKWARE APPNOTE.TXT 6.3.10, section 4.4.5). */
const METHOD_NAMES: Readonly<Record<number, string>> = {
  1: 'shrink',
  2: 'reduce',
  3: 'reduce',
  4: 'reduce',
  5: 'reduce',
  6: 'implode',
  9: 'deflate64',
  10: 'PKWARE DCL implode',
  12: 'bzip2',
  14: 'LZMA',
  16: 'IBM z/OS CMPSC',
  18: 'IBM TERSE',
  19: 'IBM LZ77 z',
  20: 'zstd (an early number, deprecated)',
  94: 'MP3',
  95: 'XZ',
  96: 'JPEG',
  97: 'WavPack',
  98: 'PPMd',
  99: 'AES encryption',
};
const READ = new Set([0, 8, 93]);

/**
 * Zstandard entries for fflate's `Unzip`: the compressed bytes are gathered, then decoded into a
 * buffer of the size the central directory declares, so a frame header claiming gigabytes
 * allocates nothing and data longer than declared is an error (fzstd fills the buffer it is given;
 * data shorter than declared leaves zero bytes, which the JSON reader then refuses by entry).
 */
function zstdDecoder(declaredSize: () => number) {
  return class UnzipZstd implements UnzipDecoder {
    static compression = 93;
    ondata: (err: FlateError | null, data: Uint8Array, final: boolean) => void = () => {};
    private readonly chunks: Uint8Array[] = [];
    private readonly size = declaredSize();
    push(chunk: Uint8Array, final: boolean): void {
      this.chunks.push(chunk);
      if (!final) return;
      let data: Uint8Array;
      try {
        data = this.size
          ? decompress(concat(this.chunks), new Uint8Array(this.size))
          : new Uint8Array(0);
      } catch (error) {
        // fflate's code 6 is the one it leaves to a compression function's own errors.
        const flate: FlateError = Object.assign(
          new Error(errorOf(error).message, { cause: error }),
          {
            code: 6,
          },
        );
        this.ondata(flate, new Uint8Array(0), true);
        return;
      }
      this.ondata(null, data, true);
    }
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const [only] = parts;
  if (only && parts.length === 1) return only;
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (whole.set(p, at), at + p.length), 0);
  return whole;
}

/**
 * The wanted entries' bytes by name (a name written twice keeps its last entry, as `unzipSync`
 * does). `wanted` sees each name; an entry in a method not read here is refused by name and number;
 * `limit` bounds the declared sizes of the wanted entries together. Other errors are fflate's or
 * fzstd's, for the caller to report as a damaged archive.
 */
export function readZipEntries(
  bytes: Uint8Array,
  label: string,
  wanted: (name: string) => boolean,
  limit: { bytes: number; message: string },
): Record<string, Uint8Array> {
  const sizes = new Map<string, number[]>();
  let declared = 0;
  unzipSync(bytes, {
    filter: (f) => {
      if (!wanted(f.name)) return false;
      if (!READ.has(f.compression)) {
        const known = METHOD_NAMES[f.compression];
        throw new ImportError(
          `${label}: ${f.name} in the archive is compressed with a method Stepscope does not read (${f.compression}${known ? `, ${known}` : ''}); it reads stored, deflate and zstd entries`,
        );
      }
      declared += f.originalSize;
      if (declared > limit.bytes) throw new ImportError(limit.message);
      sizes.set(f.name, [...(sizes.get(f.name) ?? []), f.originalSize]);
      return false;
    },
  });
  const files: Record<string, Uint8Array> = {};
  let inflated = 0;
  let size = 0; // the central directory's size of the entry being started, for the zstd decoder
  const unzip = new Unzip((file) => {
    // Only entries the central directory lists are read, as many times as it lists them.
    const listed = sizes.get(file.name)?.shift();
    if (listed === undefined) return;
    const parts: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (error) throw error;
      inflated += data.length;
      if (inflated > limit.bytes) throw new ImportError(limit.message);
      parts.push(data);
      if (final) files[file.name] = concat(parts);
    };
    size = listed;
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(zstdDecoder(() => size));
  unzip.push(bytes, true);
  return files;
}
