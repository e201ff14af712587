// @vitest-environment happy-dom
/**
 * The UI kit as a keyboard and screen-reader user meets it (Testing Library on happy-dom): tabs move
 * and select with the arrow keys, Home and End, and label their panels; alerts and notices announce
 * themselves by tone; buttons never submit by accident; the run picker lists a window of a long file.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunPicker } from '../workspace/run-picker';
import { Alert, InlineError } from './alert';
import { Button } from './button';
import { TabPanel, Tabs } from './tabs';

afterEach(cleanup);

function Views() {
  const [view, setView] = useState<'a' | 'b' | 'c'>('a');
  const items = [
    { id: 'a' as const, label: 'Alpha' },
    { id: 'b' as const, label: 'Beta' },
    { id: 'c' as const, label: 'Gamma' },
  ];
  return (
    <>
      <Tabs<'a' | 'b' | 'c'> label="Views" base="t" items={items} value={view} onChange={setView} />
      <TabPanel base="t" id={view}>
        panel {view}
      </TabPanel>
    </>
  );
}

describe('Tabs', () => {
  it('moves and selects with the arrow keys, wraps, and goes to the ends with Home and End', () => {
    render(<Views />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(tab('Beta').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Beta'));
    fireEvent.keyDown(tab('Beta'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Gamma'));
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(tab('Alpha').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Gamma'));
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Alpha'));
  });

  it('keeps one tab in the tab order and ties each tab to its labelled panel', () => {
    render(<Views />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    const panel = screen.getByRole('tabpanel', { name: 'Alpha' });
    expect(panel.textContent).toBe('panel a');
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
    fireEvent.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(screen.getByRole('tabpanel', { name: 'Gamma' }).textContent).toBe('panel c');
  });
});

describe('Alert, InlineError, Button', () => {
  it('announces errors as alerts and other tones as status, and dismisses', () => {
    const dismiss = vi.fn();
    render(
      <>
        <Alert tone="error" label="File error" title="Could not open the file." onDismiss={dismiss}>
          x.json: the file is empty
        </Alert>
        <Alert tone="warning" label="Library notice">
          not kept
        </Alert>
        <InlineError>n: Too small</InlineError>
      </>,
    );
    expect(screen.getByRole('alert', { name: 'File error' }).textContent).toContain(
      'x.json: the file is empty',
    );
    expect(screen.getByRole('status', { name: 'Library notice' }).textContent).toBe('not kept');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('n: Too small');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it('is a plain button unless told otherwise, with a visible focus ring', () => {
    const submit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button variant="primary">Go</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Go' }).className).toContain('focus-visible:ring-2');
  });
});

describe('RunPicker', () => {
  it('lists 400 runs around the current one of a long file, and a run number reaches the rest', () => {
    const runs = Array.from({ length: 460 }, (_, i) => ({ id: `r${i}`, steps: i }));
    const select = vi.fn();
    render(<RunPicker runs={runs} index={449} onSelect={select} />);
    const picker = screen.getByRole('combobox', { name: 'Run' }) as HTMLSelectElement;
    expect(picker.querySelectorAll('option:not([disabled])')).toHaveLength(400);
    expect(picker.querySelector('option[disabled]')?.textContent).toBe(
      '… 60 earlier runs (go to a run number)',
    );
    fireEvent.change(picker, { target: { value: '300' } });
    expect(select).toHaveBeenCalledWith(300);
    const goTo = screen.getByRole('spinbutton', { name: 'Go to run' });
    fireEvent.change(goTo, { target: { value: '12' } });
    fireEvent.keyDown(goTo, { key: 'Enter' });
    expect(select).toHaveBeenLastCalledWith(11);
  });
});
