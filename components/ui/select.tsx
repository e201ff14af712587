/** A labelled select with the app's look; the label names it for assistive technology. */
import type { ReactNode, SelectHTMLAttributes } from 'react';

export const selectClass =
  'rounded border border-slate-300 bg-white px-1.5 py-0.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

export function Select({
  label,
  children,
  className = '',
  labelClassName = 'flex items-center gap-1 text-sm text-slate-600',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; labelClassName?: string }) {
  return (
    <label className={labelClassName}>
      {label}
      <select className={`${selectClass} ${className}`.trim()} {...rest}>
        {children}
      </select>
    </label>
  );
}

/** The `<option>`s of a fixed list of values, each shown by its label. */
export function LabelledOptions<T extends string>(props: {
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
}) {
  return props.values.map((v) => (
    <option key={v} value={v}>
      {props.labels[v]}
    </option>
  ));
}
