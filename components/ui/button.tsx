/**
 * The app's buttons: one look per role. `primary` starts something, `secondary` is every other
 * action, `link` reads as a link inside text, `ghost` is a quiet icon-like action. A visible focus
 * ring on every variant (keyboard users see where they are).
 */
import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'ghost';
export type ButtonSize = 'xs' | 'sm' | 'md';

const FOCUS =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-1';

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-slate-900 font-medium text-white hover:bg-slate-700 disabled:opacity-40',
  secondary:
    'rounded-md border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40',
  link: 'rounded font-medium text-blue-700 hover:underline disabled:opacity-40',
  ghost: 'rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-40',
};

const SIZE: Record<ButtonVariant, Record<ButtonSize, string>> = {
  primary: { xs: 'px-2 py-0.5 text-xs', sm: 'px-3 py-1 text-sm', md: 'px-4 py-2 text-sm' },
  secondary: { xs: 'px-2 py-0.5 text-xs', sm: 'px-3 py-1 text-sm', md: 'px-4 py-2 text-sm' },
  link: { xs: 'text-xs', sm: 'text-sm', md: 'text-sm' },
  ghost: { xs: 'px-1 text-xs', sm: 'px-1 text-sm', md: 'px-2 text-sm' },
};

export function buttonClass(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'sm',
  extra = '',
): string {
  return `${VARIANT[variant]} ${SIZE[variant][size]} ${FOCUS} ${extra}`.trim();
}

export function Button({
  variant = 'secondary',
  size = 'sm',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
