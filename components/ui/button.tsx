/**
 * The app's buttons: one look per role. `primary` starts something, `secondary` is every other
 * action, `danger` confirms what cannot be undone, `link` reads as a link inside text, `ghost` is a
 * quiet icon-like action, `toggle` is on or off (`pressed`, announced as aria-pressed) and `segment`
 * is one value of a Segmented group, `card` is a block to pick (a sample, a recent file), and `bare`
 * leaves the whole look to the caller (a list row, a table header, a status that opens a detail)
 * but the focus ring every button has (keyboard users see where they are).
 */
import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant =
  'primary' | 'secondary' | 'danger' | 'link' | 'ghost' | 'toggle' | 'segment' | 'card' | 'bare';
export type ButtonSize = 'xs' | 'sm' | 'md';

const FOCUS =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-1';

/**
 * A bare button is often a whole list row, and a virtual list's row clips what it paints
 * (virtual-rows.tsx): its ring is drawn inside its box.
 */
const FOCUS_INSIDE =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500';

const PADDED = { xs: 'px-2 py-0.5 text-xs', sm: 'px-3 py-1 text-sm', md: 'px-4 py-2 text-sm' };
const TEXT = { xs: 'text-xs', sm: 'text-sm', md: 'text-sm' };

const DISABLED = 'disabled:cursor-not-allowed disabled:opacity-40';

/** On or off: pressed reads dark, like the selected tab. */
const PRESSABLE =
  'bg-white font-medium text-slate-700 not-aria-pressed:hover:bg-slate-50 aria-pressed:bg-slate-900 aria-pressed:text-white';

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-slate-900 font-medium text-white hover:bg-slate-700',
  secondary:
    'rounded-md border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-50',
  danger: 'rounded-md bg-red-700 font-medium text-white hover:bg-red-800',
  link: 'rounded text-left font-medium text-blue-700 hover:underline',
  ghost: 'rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700',
  toggle: `rounded-md ring-1 ring-slate-300 aria-pressed:ring-slate-900 ${PRESSABLE}`,
  segment: PRESSABLE,
  card: 'flex flex-col items-start gap-0.5 rounded-lg border border-slate-200 bg-white px-4 py-3 text-left hover:border-blue-400 hover:bg-blue-50',
  bare: 'text-left',
};

const SIZE: Record<ButtonVariant, Record<ButtonSize, string>> = {
  primary: PADDED,
  secondary: PADDED,
  danger: PADDED,
  toggle: PADDED,
  segment: PADDED,
  link: TEXT,
  ghost: { xs: 'px-1 text-xs', sm: 'px-1 text-sm', md: 'px-2 text-sm' },
  card: TEXT,
  bare: { xs: '', sm: '', md: '' },
};

export function buttonClass(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'sm',
  extra = '',
): string {
  const dimmed = variant === 'bare' ? '' : DISABLED;
  const focus = variant === 'bare' ? FOCUS_INSIDE : FOCUS;
  return [VARIANT[variant], SIZE[variant][size], focus, dimmed, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'secondary',
  size = 'sm',
  pressed,
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** On or off, for a `toggle` (any variant may carry it). */
  pressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      type={type}
      aria-pressed={pressed}
      className={buttonClass(variant, size, className)}
      {...rest}
    />
  );
}

/** A button that shows only a glyph: its name is required, since the glyph says nothing aloud. */
export function IconButton({
  label,
  ...rest
}: Omit<Parameters<typeof Button>[0], 'aria-label'> & { label: string }) {
  return <Button variant="ghost" aria-label={label} {...rest} />;
}
