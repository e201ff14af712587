/**
 * Inspect `.eval` archives: the derived fixture (the real JSON log zipped as Inspect writes it)
 * reads to the histories of the JSON log itself; archives cut off before their header, listed out
 * of order, damaged or not Inspect's are read or refused as the module says.
 */
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importSources } from './files';
import { ImportError } from '../model/errors';
import { isZip } from './eval-zip';
import { parseBytes, readSource } from './read';

const fixture = (path: string) =>
  readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url).pathname);
const JSON_LOG = JSON.parse(
  fixture('real/inspect-ai/log_tool_call_error.json').toString('utf8'),
) as { samples: { id: number; epoch: number }[] } & Record<string, unknown>;
const ARCHIVE = new Uint8Array(fixture('derived/inspect_tool_call_error.eval'));
/** Written by Inspect 0.3.208 (UKGovernmentBEIS/inspect_ai PR 4526): every entry is zstd (method 93). */
const ZSTD = new Uint8Array(fixture('real/inspect-ai/retry-2-then-success.eval'));

/** A copy of an archive whose entries all say they use `method` (local and central headers). */
function withMethod(bytes: Uint8Array, method: number): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint16(i + 8, method, true);
    if (sig === 0x02014b50) view.setUint16(i + 10, method, true);
  }
  return out;
}

const zip = (files: Record<string, unknown>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([k, v]) => [
        k,
        strToU8(typeof v === 'string' ? v : JSON.stringify(v)),
      ]),
    ),
  );
const histories = (bytes: Uint8Array, name: string) =>
  importSources([parseBytes(bytes, name)]).histories;
const failure = (bytes: Uint8Array) => {
  try {
    parseBytes(bytes, 'run.eval');
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return (error as Error).message;
  }
  throw new Error('read without an error');
};

describe('Inspect .eval archives', () => {
  it('read to the same histories as the JSON form of the same log', () => {
    expect(isZip(ARCHIVE)).toBe(true);
    const fromZip = importSources([parseBytes(ARCHIVE, 'log.json')]);
    const fromJson = importSources([
      parseBytes(fixture('real/inspect-ai/log_tool_call_error.json'), 'log.json'),
    ]);
    expect(fromZip.formats).toEqual(['inspect-ai']);
    expect(fromZip.warnings).toEqual(fromJson.warnings);
    expect(fromZip.histories).toEqual(fromJson.histories);
    expect(fromZip.histories[0]?.steps.length).toBeGreaterThan(5);
  });

  it('are read the same whole and in slices of any size', async () => {
    const whole = parseBytes(ARCHIVE, 'log.eval');
    for (const slice of [7, 100, 1024, 1 << 20]) {
      const sliced = await readSource(new Blob([ARCHIVE]), 'log.eval', () => {}, slice);
      expect(sliced).toEqual(whole);
    }
  });

  it('list their samples in the order of summaries.json, else by id and epoch', () => {
    const [sample] = JSON_LOG.samples;
    const { samples: _, ...header } = JSON_LOG;
    const a = { ...sample, id: 'a', epoch: 1 };
    const b2 = { ...sample, id: 'b', epoch: 2 };
    const b10 = { ...sample, id: 'b', epoch: 10 };
    const files = {
      'header.json': header,
      'samples/b_epoch_10.json': b10,
      'samples/a_epoch_1.json': a,
      'samples/b_epoch_2.json': b2,
    };
    const ids = (bytes: Uint8Array) =>
      (
        parseBytes(bytes, 'x.eval').value as { samples: { id: string; epoch: number }[] }
      ).samples.map((s) => `${s.id}/${s.epoch}`);
    expect(ids(zip(files))).toEqual(['a/1', 'b/2', 'b/10']);
    const summaries = [
      { id: 'b', epoch: 10 },
      { id: 'a', epoch: 1 },
    ];
    expect(ids(zip({ ...files, 'summaries.json': summaries }))).toEqual(['b/10', 'a/1', 'b/2']);
  });

  it('cut off before their header read from the journal, with a warning', () => {
    const [sample] = JSON_LOG.samples;
    const bytes = zip({
      '_journal/start.json': { version: 2, eval: JSON_LOG.eval, plan: JSON_LOG.plan },
      'samples/1_epoch_4.json': sample,
    });
    const parsed = parseBytes(bytes, 'run.eval');
    expect(parsed.warnings.map((w) => w.message)).toEqual([
      'the archive has no header.json (the evaluation was still running or was cut off): its task and model come from _journal/start.json, and it has no results',
    ]);
    expect(histories(bytes, 'run.eval')).toHaveLength(1);
  });

  it('written with zstd (Inspect 0.3.206 and later) read with their samples and messages', () => {
    const parsed = parseBytes(ZSTD, 'retry-2-then-success.eval');
    expect(parsed.warnings).toEqual([]);
    const log = parsed.value as {
      eval: { task: string; model: string; packages: Record<string, string> };
      samples: { id: number; epoch: number; messages: { role: string; content: string }[] }[];
    };
    expect(log.eval.model).toBe('mockllm/test');
    expect(log.eval.packages.inspect_ai).toMatch(/^0\.3\.208/);
    expect(log.samples.map((s) => [s.id, s.epoch])).toEqual([[1, 1]]);
    expect(log.samples[0]?.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello'],
      ['assistant', 'ok'],
    ]);
    const [run] = histories(ZSTD, 'retry-2-then-success.eval');
    expect(run?.steps.map((s) => s.kind)).toEqual(['task', 'action']);
  });

  it('with entries in a method not read here are refused naming the entry and the method', () => {
    expect(failure(withMethod(ZSTD, 12))).toBe(
      'run.eval: _journal/start.json in the archive is compressed with a method Stepscope does not read (12, bzip2); it reads stored, deflate and zstd entries',
    );
    expect(failure(withMethod(ARCHIVE, 77))).toMatch(
      /^run\.eval: \S+ in the archive is compressed with a method Stepscope does not read \(77\); it reads/,
    );
  });

  it('whose zstd data does not fit the size they declare are refused as damaged', () => {
    const lying = ZSTD.slice();
    const view = new DataView(lying.buffer);
    // Halve every declared uncompressed size (local header offset 22, central directory offset 24).
    for (let i = 0; i + 4 <= lying.length; i++) {
      const sig = view.getUint32(i, true);
      const at = sig === 0x04034b50 ? i + 22 : sig === 0x02014b50 ? i + 24 : -1;
      if (at >= 0) view.setUint32(at, view.getUint32(at, true) >> 1, true);
    }
    expect(failure(lying)).toMatch(/^run\.eval: a damaged zip archive \(invalid zstd data\)/);
  });

  it('that are damaged, not Inspect logs, or hold broken JSON are refused by name', () => {
    expect(failure(ARCHIVE.subarray(0, 600))).toMatch(
      /^run\.eval: a damaged zip archive \(.+\); an Inspect \.eval log is a zip archive of JSON files$/,
    );
    expect(failure(zip({ 'README.txt': 'hello', 'data/x.json': {} }))).toBe(
      'run.eval: a zip archive that is not an Inspect AI .eval log (it has no header.json or _journal/start.json)',
    );
    expect(failure(zip({ 'header.json': '{"eval": {', 'samples/1_epoch_1.json': {} }))).toMatch(
      /^run\.eval: header\.json in the archive is not valid JSON \(at line 1, column 11: the text ends early/,
    );
    expect(failure(zip({ 'header.json': '[1]' }))).toBe(
      'run.eval: header.json in the archive is not a JSON object',
    );
  });

  it('skip a sample file that is not valid JSON with a warning, and refuse the log only when none reads', () => {
    const [sample] = JSON_LOG.samples;
    const { samples: _, ...header } = JSON_LOG;
    const broken = {
      'header.json': header,
      'samples/1_epoch_4.json': sample,
      'samples/2_epoch_1.json': '{"id": 2, "messages": [',
    };
    const parsed = parseBytes(zip(broken), 'run.eval');
    expect(parsed.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^samples\/2_epoch_1\.json in the archive is not valid JSON \(at line 1, column \d+: .+\); the sample was skipped$/,
      ),
    ]);
    expect(histories(zip(broken), 'run.eval')).toHaveLength(1);
    expect(
      failure(zip({ 'header.json': header, 'samples/2_epoch_1.json': '{"id": 2, "messages": [' })),
    ).toMatch(/^run\.eval: samples\/2_epoch_1\.json in the archive is not valid JSON/);
  });
});
