/** The app's providers around a view, for component tests (the runtime: test-runtime.ts). */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AppRuntime } from '../components/contexts/app-runtime';
import { AppProviders } from '../components/contexts/app-providers';
import { ShownRunProvider } from '../components/workspace/shown-run';

/** Renders a view of the run on screen inside the app's providers. */
export function renderWithRun(runtime: AppRuntime, ui: ReactNode) {
  return render(
    <AppProviders runtime={runtime}>
      <ShownRunProvider waiting={<p>no run on screen</p>}>{ui}</ShownRunProvider>
    </AppProviders>,
  );
}
