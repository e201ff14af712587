/**
 * The page's runtime without React: files load through the worker into the store, the store asks
 * for the runs it wants, worker answers are kept in the query cache under their keys, and a new
 * file clears them (they were answers about the last one).
 */
import { describe, expect, it, vi } from 'vitest';
import { comparisonKey } from '../../lib/compare/config';
import type { CompareTarget } from '../../lib/worker/protocol';
import { sampleText } from '../../test/samples';
import { testRuntime } from '../../test/test-runtime';

const tau = sampleText('tau-bench-airline-task3.json');
const swe = sampleText('swe-agent-marshmallow-1867.traj');

async function loaded(runtime: ReturnType<typeof testRuntime>, name: string) {
  await vi.waitFor(() => {
    const s = runtime.store.getState();
    expect(s.status).toBe('ready');
    expect(s.loaded?.name).toBe(name);
    expect(s.counts?.exact).toBe(true);
  });
}

describe('the app runtime', () => {
  it('loads a file into the store and fetches the runs the store asks for', async () => {
    const rt = testRuntime();
    rt.loader.loadFiles([
      { path: 'runs/tau.json', file: new File([tau], 'tau.json') },
      { path: 'runs/marshmallow.traj', file: new File([swe], 'marshmallow.traj') },
    ]);
    await loaded(rt, 'runs');
    const s = rt.store.getState();
    expect(s.loaded?.runs.map((r) => r.id)).toHaveLength(2);
    expect(s.run?.index).toBe(0);
    // Another run: the store asks the worker for it, and shows it once it is here.
    s.actions.selectHistory(1);
    expect(rt.store.getState().run?.index).toBe(0);
    await vi.waitFor(() => expect(rt.store.getState().run?.index).toBe(1));
    expect(rt.store.getState().run?.history.id).toBe(s.loaded?.runs[1]?.id);
  });

  it('keeps the latest comparison under its inputs, and a new file clears it', async () => {
    const rt = testRuntime();
    rt.loader.loadText('tau.json', tau);
    await loaded(rt, 'tau.json');
    const { tokenizer, dialect } = rt.store.getState();
    const target: CompareTarget = { run: 0, sub: [], tokenizer, dialect };
    const choices = [{ strategyId: 'keep-last-n-steps', params: { n: 3 } }];
    const compare = (t: CompareTarget) => ({
      queryKey: ['compare', comparisonKey('tau.json', t, choices)],
      queryFn: () =>
        rt.client.ask({ type: 'compare', target: t, choices }).then((m) => m.comparison),
    });
    const cmp = await rt.queries.fetchQuery(compare(target));
    expect(cmp.columns[0]?.choice).toEqual(choices[0]);
    expect(rt.queries.getQueryData(compare(target).queryKey)).toBe(cmp);
    // A comparison the worker refuses keeps its reason under its own key.
    const missing = { ...target, run: 4 };
    await expect(rt.queries.fetchQuery(compare(missing))).rejects.toThrow(
      'No history is loaded at that run',
    );
    expect(rt.queries.getQueryState(compare(missing).queryKey)?.error?.message).toMatch(
      'No history is loaded at that run',
    );
    rt.loader.loadText('swe.traj', swe);
    await loaded(rt, 'swe.traj');
    expect(rt.queries.getQueryData(compare(target).queryKey)).toBeUndefined();
    expect(rt.queries.getQueryState(compare(missing).queryKey)).toBeUndefined();
  });

  it('hears only the latest load: a file picked while another loads replaces it', async () => {
    const rt = testRuntime();
    rt.loader.loadText('tau.json', tau);
    rt.loader.loadText('swe.traj', swe);
    await loaded(rt, 'swe.traj');
    // The first load finished too, in the worker; the page never showed it.
    await new Promise((r) => setTimeout(r, 50));
    expect(rt.store.getState().loaded?.name).toBe('swe.traj');
  });
});
