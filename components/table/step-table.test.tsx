// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import { previewHistory } from '../../lib/model/preview';
import { queryStepIndices, type StepQuery } from '../../lib/model/query';
import { AppProviders } from '../contexts/app-providers';
import { useStepSearch } from '../workspace/whole-queries';
import { testRuntime } from '../../test/test-runtime';
import { StepTable } from './step-table';

afterEach(cleanup);

const whole = sampleRun('tau-bench-airline-task3.json');

describe('step table over previews', () => {
  it('searches whole texts through the worker and shows what it found', async () => {
    const preview = previewHistory(whole, 50);
    const asked: StepQuery[] = [];
    // The worker holds the whole steps: it searches them.
    const runtime = testRuntime((request) => {
      if (request.type !== 'search') return undefined;
      asked.push(request.query);
      return { type: 'found', indices: queryStepIndices(whole.steps, request.query) };
    });
    const tokens = preview.steps.map(() => 1);
    const place = { run: 0, sub: [] };
    function Table() {
      const [filters, setFilters] = useState<StepQuery>({});
      const found = useStepSearch(place, preview, filters);
      return (
        <StepTable
          steps={preview.steps}
          tokens={tokens}
          filters={filters}
          {...(found ? { found } : {})}
          onFilters={setFilters}
          onSelect={() => {}}
        />
      );
    }
    // Without text the table filters its previews itself; typing asks the worker (and the table
    // settles while it waits: it once re-rendered forever on a new empty list per render).
    render(
      <AppProviders runtime={runtime}>
        <Table />
      </AppProviders>,
    );
    expect(screen.getByText(`${whole.steps.length} of ${whole.steps.length} steps`)).toBeTruthy();
    const filters = { text: 'reservation' };
    fireEvent.change(screen.getByLabelText('Search steps'), { target: { value: filters.text } });
    expect(screen.getByText('searching the whole texts…')).toBeTruthy();
    const n = queryStepIndices(whole.steps, filters).length;
    expect(
      await screen.findByText(`${n} of ${whole.steps.length} steps`, {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(asked).toEqual([filters]);
  });
});
