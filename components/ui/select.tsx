'use client';
/**
 * A labelled select on Radix Select (https://www.radix-ui.com/primitives/docs/components/select): a
 * trigger with the accessible name (role combobox) opening a listbox of options, groups under a
 * heading, keyboard (arrows, Home, End, Enter, Escape) and typeahead from Radix. A long list scrolls
 * in Radix's viewport, no taller than the space the page has. Options are data, so the value a caller
 * gets back is the type it gave (`T`), never a string to cast.
 */
import * as RadixSelect from '@radix-ui/react-select';
import { Fragment, useId, type ComponentProps, type ReactNode } from 'react';

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
  return (
    <RadixSelect.Root
      value={current}
      onValueChange={(v) => {
        const picked = all.find((o) => toRadix(o.value) === v);
        if (picked) onChange(picked.value);
      }}
      disabled={disabled}
      onOpenChange={holdPageScroll}
    >
      <RadixSelect.Trigger
        aria-label={label}
        className={`${TRIGGER[variant]} ${SIZE[size]} ${className}`.trim()}
        {...trigger}
      >
        <span className="min-w-0 truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon className="shrink-0 text-[0.7em] text-slate-500">▼</RadixSelect.Icon>
      </RadixSelect.Trigger>
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
