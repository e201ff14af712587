/**
 * A text or number box with the app's look: the select's frame (select.tsx) and a focus ring. Sizes:
 * `xs` in a toolbar of small controls, `sm` in a form, `md` for a search box that stands alone.
 * Checkboxes, ranges and file pickers stay the browser's own.
 */
import type { InputHTMLAttributes, Ref } from 'react';

const SIZE = { xs: 'px-1 py-0.5 text-xs', sm: 'px-1.5 py-0.5 text-sm', md: 'px-2 py-1 text-sm' };

export function Input({
  size = 'sm',
  className = '',
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  size?: keyof typeof SIZE;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      className={`rounded border border-slate-300 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-40 ${SIZE[size]} ${className}`.trim()}
      {...rest}
    />
  );
}
