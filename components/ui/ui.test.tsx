// @vitest-environment happy-dom
/**
 * The UI kit as a keyboard and screen-reader user meets it (Testing Library on happy-dom): tabs move
 * and select with the arrow keys, Home and End, and label their panels; alerts and notices announce
 * themselves by tone; buttons never submit by accident; the run picker lists a window of a long file;
 * selects open from the keyboard and give back the caller's own values ('' included); a confirmation
 * is a modal alert dialog that cancels by default; a hint describes the element focus reaches; a
 * folding section keeps its heading in view and remembers being folded. The long list's tests are
 * in virtual-rows.test.tsx.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunPicker } from '../workspace/run-picker';
import { Alert, InlineError } from './alert';
import { Button, IconButton } from './button';
import { ConfirmDialog } from './dialog';
import { Fold } from './fold';
import { Segmented } from './segmented';
import { Select, typeaheadMatch, type SelectEntry } from './select';
import { TabPanel, Tabs } from './tabs';
import { Tooltip, TooltipProvider } from './tooltip';

// Radix asks the DOM for pointer capture and scrolls the chosen option into view: happy-dom has
// neither, and a browser always does.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

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
  it('lists the 200 runs around the current one of a long file, and a run number reaches the rest', () => {
    const runs = Array.from({ length: 460 }, (_, i) => ({ id: `r${i}`, steps: i }));
    const select = vi.fn();
    render(<RunPicker runs={runs} index={449} onSelect={select} />);
    const picker = screen.getByRole('combobox', { name: 'Run' }) as HTMLSelectElement;
    expect(picker.querySelectorAll('option:not([disabled])')).toHaveLength(200);
    expect(picker.querySelector('option[disabled]')?.textContent).toBe(
      '… 260 earlier runs (go to a run number)',
    );
    expect(picker.querySelector('option:not([disabled])')?.textContent).toBe('r260 · 260 steps');
    fireEvent.change(picker, { target: { value: '400' } });
    expect(select).toHaveBeenCalledWith(400);
    const goTo = screen.getByRole('spinbutton', { name: 'Go to run' });
    fireEvent.change(goTo, { target: { value: '12' } });
    fireEvent.keyDown(goTo, { key: 'Enter' });
    expect(select).toHaveBeenLastCalledWith(11);
  });
});

function Picker<T extends string>(props: {
  initial: T | '';
  options: readonly SelectEntry<T>[];
  placeholder?: string;
  onChange?: (value: T) => void;
}) {
  const [value, setValue] = useState<T | ''>(props.initial);
  return (
    <>
      <Select<T>
        label="Model"
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onChange?.(v);
        }}
        options={props.options}
        placeholder={props.placeholder}
      />
      <output>value={JSON.stringify(value)}</output>
    </>
  );
}

const open = (name: string) => {
  fireEvent.keyDown(screen.getByRole('combobox', { name }), { key: 'Enter' });
  return screen.getByRole('listbox');
};

describe('Select', () => {
  it('opens from the keyboard, lists groups under their headings, and gives back the value', () => {
    const picked = vi.fn();
    render(
      <Picker
        initial="b"
        onChange={picked}
        options={[
          { group: 'Fast', options: [{ value: 'a', label: 'Alpha' }] },
          {
            group: 'Slow',
            options: [
              { value: 'b', label: 'Beta', description: 'the second one' },
              { value: 'c', label: 'Gamma', disabled: true },
            ],
          },
        ]}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Model' });
    expect(trigger.textContent).toContain('Beta');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    const list = open('Model');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Each option is named by its label alone (Radix's aria-labelledby), its description aside.
    const nameOf = (o: HTMLElement) =>
      document.getElementById(o.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(within(list).getAllByRole('option').map(nameOf)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(within(list).getByRole('group', { name: 'Slow' })).toBeTruthy();
    const beta = within(list).getByRole('option', { name: 'Beta' });
    expect(beta.getAttribute('data-state')).toBe('checked');
    expect(beta.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(beta.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'the second one',
    );
    expect(within(list).getByRole('option', { name: 'Gamma' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(within(list).getByRole('option', { name: 'Alpha' }));
    expect(picked).toHaveBeenCalledWith('a');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('Alpha');
  });

  it("keeps '' as a value of the caller's own, and shows the placeholder where no option has it", () => {
    render(
      <Picker
        initial=""
        options={[
          { value: '', label: "the history's own" },
          { value: 'gpt-4o', label: 'GPT-4o' },
        ]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toContain(
      "the history's own",
    );
    fireEvent.click(within(open('Model')).getByRole('option', { name: 'GPT-4o' }));
    expect(screen.getByText('value="gpt-4o"')).toBeTruthy();
    fireEvent.click(within(open('Model')).getByRole('option', { name: "the history's own" }));
    expect(screen.getByText('value=""')).toBeTruthy();
    cleanup();
    render(<Picker initial="" placeholder="+ Add…" options={[{ value: 'x', label: 'X' }]} />);
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toContain('+ Add…');
  });

  it('lists hundreds of options in a viewport that scrolls, and typeahead moves through them', () => {
    const options = Array.from({ length: 300 }, (_, i) => ({ value: `r${i}`, label: `run ${i}` }));
    render(<Picker initial="r0" options={options} />);
    const list = open('Model');
    expect(within(list).getAllByRole('option')).toHaveLength(300);
    // Radix's viewport scrolls inside a content box no taller than the space the page has.
    const viewport = list.querySelector('[data-radix-select-viewport]') as HTMLElement;
    expect(viewport.style.overflow).toContain('auto');
    expect(list.className).toContain('max-h-(--radix-select-content-available-height)');
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    // Typing on the closed trigger picks the next option that starts so (WAI-ARIA select-only combobox).
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Model' }), { key: 'r' });
    expect(screen.getByText('value="r1"')).toBeTruthy();
    // The list is not in the page while closed: the trigger shows the chosen label itself.
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toContain('run 1');
  });

  it('types ahead on a closed trigger as Radix does: after the current option, skipping disabled ones', () => {
    const options = [
      { value: 'a', label: 'Apple' },
      { value: 'b', label: 'Banana' },
      { value: 'c', label: 'Blueberry', disabled: true },
      { value: 'd', label: 'Blackberry' },
      { value: 'e', label: 'Cherry' },
    ];
    expect(typeaheadMatch(options, 'b', 'a')?.value).toBe('b');
    // One letter again and again walks the options starting with it, wrapping around.
    expect(typeaheadMatch(options, 'bb', 'b')?.value).toBe('d');
    expect(typeaheadMatch(options, 'bbb', 'd')?.value).toBe('b');
    // More letters narrow it, the current option included.
    expect(typeaheadMatch(options, 'bla', 'a')?.value).toBe('d');
    expect(typeaheadMatch(options, 'ban', 'b')).toBeUndefined();
    expect(typeaheadMatch(options, 'z', 'a')).toBeUndefined();
    expect(typeaheadMatch(options, 'c', '')?.value).toBe('e');
  });
});

describe('ConfirmDialog', () => {
  it('asks in a modal alert dialog, focuses Cancel, and acts only when confirmed', () => {
    const confirm = vi.fn();
    render(
      <ConfirmDialog
        title="Delete a.json?"
        description="It leaves the library."
        confirm="Delete"
        onConfirm={confirm}
      >
        <Button>Delete a.json</Button>
      </ConfirmDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete a.json' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete a.json?' });
    expect(dialog.getAttribute('aria-describedby')).toBe(
      within(dialog).getByText('It leaves the library.').id,
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete a.json' }));
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Tooltip', () => {
  it.each([
    ['under the app provider', true],
    ['on its own', false],
  ])(
    'shows its hint when focus reaches the element, which it then describes (%s)',
    (_, provided) => {
      const hinted = (
        <Tooltip content="Seed 003: urgent above 80%">
          <Button>pressure</Button>
        </Tooltip>
      );
      render(provided ? <TooltipProvider>{hinted}</TooltipProvider> : hinted);
      const button = screen.getByRole('button', { name: 'pressure' });
      expect(button.getAttribute('aria-describedby')).toBeNull();
      act(() => button.focus());
      const tip = screen.getByRole('tooltip');
      expect(tip.textContent).toBe('Seed 003: urgent above 80%');
      expect(button.getAttribute('aria-describedby')).toBe(tip.id);
      fireEvent.keyDown(button, { key: 'Escape' });
      expect(screen.queryByRole('tooltip')).toBeNull();
      // The visible text of the element is unchanged.
      expect(button.textContent).toBe('pressure');
    },
  );
});

describe('Segmented, IconButton', () => {
  it('is a named group of toggles, one pressed; a disabled one says why', () => {
    function Visibility() {
      const [v, setV] = useState<'full' | 'summary' | 'gone'>('full');
      return (
        <Segmented
          label="Visibility"
          value={v}
          onChange={setV}
          options={
            [
              { value: 'full', label: 'full' },
              { value: 'summary', label: 'summary' },
              { value: 'gone', label: 'gone', disabled: true, hint: 'never dropped' },
            ] as const
          }
        />
      );
    }
    render(<Visibility />);
    const group = screen.getByRole('group', { name: 'Visibility' });
    const pressed = () =>
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-pressed'));
    expect(pressed()).toEqual(['true', 'false', 'false']);
    fireEvent.click(within(group).getByRole('button', { name: 'summary' }));
    expect(pressed()).toEqual(['false', 'true', 'false']);
    const gone = within(group).getByRole('button', { name: 'gone' });
    expect(gone.hasAttribute('disabled')).toBe(true);
    act(() => (gone.parentElement as HTMLElement).focus());
    expect(screen.getByRole('tooltip').textContent).toBe('never dropped');
  });

  it('names a glyph-only button', () => {
    render(<IconButton label="Remove Keep last N steps">✕</IconButton>);
    expect(screen.getByRole('button', { name: 'Remove Keep last N steps' }).textContent).toBe('✕');
  });
});

describe('Fold', () => {
  beforeEach(() => window.localStorage.clear());

  const section = (text = 'The rows') => (
    <Fold id="rows" title="Every step" hint="its fate under each strategy">
      <p>{text}</p>
    </Fold>
  );

  it('is open with its heading in the summary, folds, and stays folded when shown again', () => {
    const first = render(section());
    const heading = screen.getByRole('heading', { name: 'Every step' });
    const details = heading.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(heading.closest('summary')).not.toBeNull();
    details.open = false;
    fireEvent(details, new Event('toggle'));
    expect(window.localStorage.getItem('stepscope:fold:rows')).toBe('closed');
    first.unmount();
    // The view left and come back to: still folded, and its content still there to find.
    render(section('The rows again'));
    const again = screen.getByRole('heading', { name: 'Every step' }).closest('details');
    expect(again?.open).toBe(false);
    expect(again?.textContent).toContain('The rows again');
  });

  it('opens again on a second toggle, and folds without storage (a private window)', () => {
    render(section());
    const details = screen
      .getByRole('heading', { name: 'Every step' })
      .closest('details') as HTMLDetailsElement;
    details.open = false;
    fireEvent(details, new Event('toggle'));
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(window.localStorage.getItem('stepscope:fold:rows')).toBe('open');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    details.open = false;
    expect(() => fireEvent(details, new Event('toggle'))).not.toThrow();
    setItem.mockRestore();
  });
});
