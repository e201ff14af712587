// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import { previewHistory } from '../../lib/model/preview';
import { queryStepIndices, type StepQuery } from '../../lib/model/query';
import type { History } from '../../lib/model/types';
import { StepTable } from './step-table';

afterEach(cleanup);

const SAMPLE = 'tau-bench-airline-task3.json';
const whole = importSources([
  parseSource(readFileSync(path.resolve('public/samples', SAMPLE), 'utf8'), SAMPLE),
]).histories[0] as History;

describe('step table over previews', () => {
  it('searches whole texts through the worker and shows what it found', async () => {
    const preview = previewHistory(whole, 50);
    const asked: StepQuery[] = [];
    const search = async (q: StepQuery) => {
      asked.push(q);
      return queryStepIndices(whole.steps, q);
    };
    const tokens = preview.steps.map(() => 1);
    function Table() {
      const [filters, setFilters] = useState<StepQuery>({});
      return (
        <StepTable
          steps={preview.steps}
          tokens={tokens}
          filters={filters}
          search={search}
          onFilters={setFilters}
          onSelect={() => {}}
        />
      );
    }
    // Without text the table filters its previews itself; typing asks the worker (and the table
    // settles while it waits: it once re-rendered forever on a new empty list per render).
    render(<Table />);
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
