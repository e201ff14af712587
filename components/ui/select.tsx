'use client';
/**
 * A labelled select on Radix Select (https://www.radix-ui.com/primitives/docs/components/select): a
 * trigger with the accessible name (role combobox) opening a listbox of options, groups under a
 * heading, keyboard (arrows, Home, End, Enter, Escape) and typeahead from Radix. A long list scrolls
 * in Radix's viewport, no taller than the space the page has. Options are data, so the value a caller
 * gets back is the type it gave (`T`), never a string to cast.
 */
import * as RadixSelect from '@radix-ui/react-select';
import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';

export interface SelectOption<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
  /** A line under the label in the open list, and the option's accessible description. */
  readonly description?: string;
  readonly disabled?: boolean;
}

export interface SelectGroup<T extends string> {
  readonly group: string;
  readonly options: readonly SelectOption<T>[];
}

export type SelectEntry<T extends string> = SelectOption<T> | SelectGroup<T>;

const FRAME =
  'rounded border border-slate-300 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

/** The look of a closed select, shared with the native one (native-select.tsx). */
export const selectClass = `${FRAME} px-1.5 py-0.5`;

// Radix reserves '' for "no value" (its placeholder) and refuses it as an item's value; the app's
// selects use '' for "any" or "the history's own", so the kit stands a value no caller writes for it.
const EMPTY = '\u0000';
const toRadix = (value: string) => (value === '' ? EMPTY : value);

const isGroup = <T extends string>(entry: SelectEntry<T>): entry is SelectGroup<T> =>
  'group' in entry;

const TRIGGER = {
  /** A control in a form or a toolbar. */
  field: `inline-flex min-w-0 items-center justify-between gap-1 text-left ${FRAME} data-[disabled]:opacity-40`,
  /** A dashed box that adds an item beside the items it adds to. */
  add: 'inline-flex h-9 items-center gap-1 rounded-lg border border-dashed border-slate-400 bg-white text-slate-700 hover:border-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
};

const SIZE = { xs: 'px-1.5 py-0.5 text-xs', sm: 'px-1.5 py-0.5 text-sm', md: 'px-2 py-1 text-sm' };

function Item<T extends string>({ option }: { option: SelectOption<T> }) {
  const describedBy = useId();
  return (
    <RadixSelect.Item
      value={toRadix(option.value)}
      disabled={option.disabled ?? false}
      data-value={option.value}
      {...(option.description ? { 'aria-describedby': describedBy } : {})}
      className="relative flex cursor-default select-none flex-col rounded py-1 pl-6 pr-2 text-sm text-slate-800 outline-none data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100 data-[state=checked]:font-medium"
    >
      <RadixSelect.ItemIndicator aria-hidden className="absolute left-1.5 top-1 text-slate-700">
        ✓
      </RadixSelect.ItemIndicator>
      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
      {option.description && (
        <span id={describedBy} className="text-xs font-normal text-slate-500">
          {option.description}
        </span>
      )}
    </RadixSelect.Item>
  );
}

/** An option's text for typeahead: its label when that is text, else its value. */
const textOf = (o: SelectOption<string>) =>
  typeof o.label === 'string' || typeof o.label === 'number' ? String(o.label) : o.value;

/**
 * Typeahead on the closed trigger, as Radix's own would find it (its list is not in the page while
 * closed, so it finds nothing): the next enabled option after the current one whose text starts
 * with what was typed; one letter typed again and again walks the options starting with it.
 */
export function typeaheadMatch<T extends string>(
  options: readonly SelectOption<T>[],
  search: string,
  current: string,
): SelectOption<T> | undefined {
  const enabled = options.filter((o) => !o.disabled);
  const repeated = search.length > 1 && [...search].every((c) => c === search[0]);
  const needle = (repeated ? search[0]! : search).toLowerCase();
  const at = Math.max(
    0,
    enabled.findIndex((o) => o.value === current),
  );
  const wrapped = enabled.map((_, i) => enabled[(at + i) % enabled.length]!);
  const candidates = needle.length === 1 ? wrapped.filter((o) => o.value !== current) : wrapped;
  const next = candidates.find((o) => textOf(o).toLowerCase().startsWith(needle));
  return next?.value === current ? undefined : next;
}

/** What was typed on a closed trigger in the last second (Radix's timing). */
function useTypeahead(onSearch: (search: string) => void) {
  const typed = useRef({ search: '', timer: 0 });
  useEffect(() => () => window.clearTimeout(typed.current.timer), []);
  return (key: string) => {
    const t = typed.current;
    t.search += key;
    window.clearTimeout(t.timer);
    t.timer = window.setTimeout(() => (t.search = ''), 1000);
    onSearch(t.search);
  };
}

/**
 * While a list is open the page cannot be scrolled by the user (Radix locks it), so any scroll of
 * the window then is the list's own focus and scrollIntoView calls reaching the page: opening a
 * list while the view above it is still growing (a comparison arriving) moved the page 1,500 px
 * down and the list off the screen. The page keeps the place it had when the list opened.
 */
let releasePageScroll: (() => void) | undefined;
function holdPageScroll(open: boolean) {
  releasePageScroll?.();
  releasePageScroll = undefined;
  if (!open) return;
  const x = window.scrollX;
  const y = window.scrollY;
  const keep = () => {
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
  };
  window.addEventListener('scroll', keep);
  releasePageScroll = () => window.removeEventListener('scroll', keep);
}

export function Select<T extends string>({
  label,
  value,
  onChange,
  options,
  placeholder,
  variant = 'field',
  size = 'sm',
  className = '',
  disabled,
  ...trigger
}: {
  /** The accessible name of the trigger (a visible caption beside it may say less). */
  label: string;
  value: NoInfer<T> | '';
  onChange(value: NoInfer<T>): void;
  options: readonly SelectEntry<T>[];
  /** Shown while `value` is '' and no option has that value. */
  placeholder?: ReactNode;
  variant?: keyof typeof TRIGGER;
  size?: keyof typeof SIZE;
} & Omit<ComponentProps<'button'>, 'value' | 'onChange' | 'children' | 'type'>) {
  const all = options.flatMap((o) => (isGroup(o) ? o.options : [o]));
  // With no option for '', '' is Radix's own "nothing chosen": the placeholder shows.
  const current = value === '' && !all.some((o) => o.value === '') ? '' : toRadix(value);
  const chosen = current === '' ? undefined : all.find((o) => toRadix(o.value) === current);
  // The list is in the page only while it is open. Closed, Radix renders every option into a
  // detached fragment (for the closed trigger's value and typeahead), and each option's text then
  // updates the select's state as it mounts: a second render of every option of every select,
  // most of the 100-190 ms it took to open the fleet comparison's cards (17 selects). The trigger
  // shows the chosen option's label itself instead.
  const [open, setOpen] = useState(false);
  const typeahead = useTypeahead((search) => {
    const next = typeaheadMatch(all, search, value);
    if (next) onChange(next.value);
  });
  return (
    <RadixSelect.Root
      value={current}
      onValueChange={(v) => {
        const picked = all.find((o) => toRadix(o.value) === v);
        if (picked) onChange(picked.value);
      }}
      disabled={disabled}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        holdPageScroll(next);
      }}
    >
      <RadixSelect.Trigger
        aria-label={label}
        className={`${TRIGGER[variant]} ${SIZE[size]} ${className}`.trim()}
        {...trigger}
        onKeyDown={(e) => {
          trigger.onKeyDown?.(e);
          if (!open && !disabled && !e.ctrlKey && !e.altKey && !e.metaKey && e.key.length === 1)
            typeahead(e.key);
        }}
      >
        <span className="min-w-0 truncate">
          <RadixSelect.Value placeholder={placeholder}>
            {chosen ? chosen.label : placeholder}
          </RadixSelect.Value>
        </span>
        <RadixSelect.Icon className="shrink-0 text-[0.7em] text-slate-500">▼</RadixSelect.Icon>
      </RadixSelect.Trigger>
      {open && (
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) max-w-md overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
          >
            <RadixSelect.ScrollUpButton className="flex justify-center py-0.5 text-xs text-slate-500">
              ▲
            </RadixSelect.ScrollUpButton>
            <RadixSelect.Viewport className="p-1">
              {options.map((entry, i) => {
                // A group stands apart from what comes before and after it.
                const prev = options[i - 1];
                const apart = prev !== undefined && (isGroup(entry) || isGroup(prev));
                const line = apart && <RadixSelect.Separator className="my-1 h-px bg-slate-200" />;
                return isGroup(entry) ? (
                  <RadixSelect.Group key={`group-${entry.group}`}>
                    {line}
                    <RadixSelect.Label className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {entry.group}
                    </RadixSelect.Label>
                    {entry.options.map((o) => (
                      <Item key={o.value} option={o} />
                    ))}
                  </RadixSelect.Group>
                ) : (
                  <Fragment key={entry.value}>
                    {line}
                    <Item option={entry} />
                  </Fragment>
                );
              })}
            </RadixSelect.Viewport>
            <RadixSelect.ScrollDownButton className="flex justify-center py-0.5 text-xs text-slate-500">
              ▼
            </RadixSelect.ScrollDownButton>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      )}
    </RadixSelect.Root>
  );
}

/** The options of a fixed list of values, each shown by its label. */
export function labelledOptions<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): SelectOption<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
