/**
 * A fleet comparison in the library: saved beside the fleet's entry (every trajectory of a real
 * mini-swe-agent submission and its results file) with the strategies it ran and how its runs were
 * counted, it survives an export and import, and its link reopens the fleet on the runs overview's
 * comparison panel with the same strategies run again, which the store then asks for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { decodeChoices, encodeChoices } from '../compare/config';
import { PRESETS } from '../compare/presets';
import { createDebuggerStore } from '../state/debugger-store';
import { savedComparisonHref, savedFleetComparisonOf } from '../state/saved-links';
import { fromParams } from '../state/url';
import { openLibrary, partSize, type StoredPart } from './library';
import { exportLibrary, parseLibraryExport } from './transfer';

const ROOT = fileURLToPath(
  new URL('../../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/', import.meta.url),
);
const ids = readdirSync(join(ROOT, 'trajs')).sort().slice(0, 3);
const parts: StoredPart[] = [
  ...ids.map((id) => `trajs/${id}/${id}.traj.json`),
  'results_summary.json',
].map((path) => {
  const bytes = readFileSync(join(ROOT, path));
  return {
    path: `gemini/${path}`,
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  };
});
const three = ['strands-default', 'anthropic-clear-tool-uses', 'tinyagent-last-5'].map(
  (id) => PRESETS.find((p) => p.id === id)!.choice,
);

describe('a fleet comparison in the library', () => {
  it('is saved with the fleet, survives an export, and reopens on the fleet comparison', async () => {
    const lib = await openLibrary(new IDBFactory());
    const entry = await lib.add(
      {
        name: 'gemini',
        format: 'mini-swe-agent',
        size: parts.reduce((n, p) => n + partSize(p), 0),
        runs: 3,
        steps: 0,
        parts,
      },
      1_000,
    );
    // The state on screen: a fleet of three runs, a model chosen, a sub-agent that is not the fleet's.
    const store = createDebuggerStore();
    const a = store.getState().actions;
    a.setModel('gpt-4o');
    a.setChoices(three);
    a.compareOverFleet();
    const state = { ...store.getState(), childPath: ['child'], compareCall: 4 };
    const saved = await lib.saveComparison(
      { fileId: entry.id, name: 'three over the fleet', ...savedFleetComparisonOf(state, three) },
      2_000,
    );
    expect(saved).toMatchObject({ scope: 'fleet', run: 0, choices: encodeChoices(three) });
    expect(saved.settings).toBe('model=gpt-4o');

    const back = await parseLibraryExport(
      await exportLibrary({ files: [entry], comparisons: await lib.comparisons(entry.id) }),
      'export.json',
    );
    expect(back.comparisons).toEqual([saved]);
    expect(back.files[0]!.parts.map((p) => p.path)).toEqual(parts.map((p) => p.path));

    const href = savedComparisonHref(back.comparisons[0]!);
    const url = fromParams(new URL(href, 'http://x').searchParams);
    expect(url).toMatchObject({
      open: entry.id,
      view: 'runs',
      model: 'gpt-4o',
      compare: encodeChoices(three),
      fleet: { search: '', panel: 'compare', ran: decodeChoices(encodeChoices(three)) },
    });
    expect(url.run).toBeUndefined();
    expect(url.problems).toBeUndefined();
    // Reopened: the store asks the fleet comparison of the same strategies.
    const reopened = createDebuggerStore();
    reopened.getState().actions.setFleetChoices(url.fleet!);
    expect(reopened.getState().fleet.ran).toEqual(decodeChoices(encodeChoices(three)));
  });

  it('a comparison of one run still reopens on its run', async () => {
    const href = savedComparisonHref({
      fileId: 'f',
      choices: encodeChoices(three),
      run: 2,
      settings: '',
    });
    expect(fromParams(new URL(href, 'http://x').searchParams)).toMatchObject({
      view: 'compare',
      run: 2,
    });
  });
});
