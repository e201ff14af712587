/**
 * Every real file in test/fixtures/real, checked four ways (STYLE.md §4): its golden outline, the
 * same importer chosen when the file name says nothing, export to our format and back gives the
 * same histories, and re-export is byte-identical. Plus: every registered importer has a real
 * fixture (or a documented derived one) and a golden.
 */
import { describe, expect, it } from 'vitest';
import { parseNative, serializeNative } from '../lib/format/native';
import { IMPORTERS, importText } from '../lib/import';
import { CASES, DERIVED, importFixture } from './cases';
import { outline } from './golden';

const goldenPath = (path: string) => `./goldens/${path.replace(/^(real|derived)\//, '')}.txt`;

describe.each([...CASES, ...DERIVED])('%s', (path, format) => {
  it(`is read by ${format}, as its golden says`, async () => {
    const imported = importFixture(path);
    expect(imported.failures).toEqual([]);
    expect(new Set(imported.formats)).toEqual(new Set([format]));
    await expect(outline(imported)).toMatchFileSnapshot(goldenPath(path));
  });

  it('is detected by structure when its name says nothing', () => {
    const anonymous = importFixture(path, (p) =>
      p.replace(/[^/]+$/, (name) =>
        name.startsWith('agent-') || /^\d+\.json$|^metadata\.json$/.test(name) ? name : 'unnamed',
      ),
    );
    expect(new Set(anonymous.formats)).toEqual(new Set([format]));
  });

  it('survives export to the native format and back, and re-exports byte for byte', () => {
    const { histories } = importFixture(path);
    const first = serializeNative({ histories });
    const back = importText(first, 'exported.json');
    expect(back.format).toBe('stepscope');
    expect(back.file.histories).toEqual(histories);
    expect(serializeNative(parseNative(JSON.parse(first)))).toBe(first);
    expect(serializeNative(back.file)).toBe(first);
  });
});

describe('the importer registry', () => {
  it('has a real (or documented derived) fixture and a golden for every importer but the native and seed formats', () => {
    const covered = new Set([...CASES, ...DERIVED].map(([, f]) => f));
    // Our own formats are checked by round trips and the seed tests, not by third-party files.
    const own = new Set([
      'stepscope',
      'seed-steps',
      'seed-trajectory',
      'seed-task-history',
      'generic-messages',
    ]);
    const missing = IMPORTERS.map((i) => i.id).filter((id) => !covered.has(id) && !own.has(id));
    expect(missing).toEqual([]);
  });
});
