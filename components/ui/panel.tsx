/**
 * The app's unit of layout: a white bordered panel, and a region named by its label (a landmark a
 * screen-reader user can jump to). `padded: false` for a panel whose rows run to its edges.
 */
import type { HTMLAttributes } from 'react';

export function Panel({
  label,
  padded = true,
  className = '',
  ...rest
}: HTMLAttributes<HTMLElement> & { label: string; padded?: boolean }) {
  return (
    <section
      aria-label={label}
      className={`rounded-lg border border-slate-200 bg-white ${padded ? 'p-3' : ''} ${className}`.trim()}
      {...rest}
    />
  );
}
