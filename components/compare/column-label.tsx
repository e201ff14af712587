/**
 * A strategy's name over its column: a dot in the column's colour (the charts' and the cards'),
 * the name in the text colour, since the palette's colours are too light for small text (WCAG AA
 * asks 4.5:1; the green is 3.8:1 on white). A long name wraps rather than being cut: at 1024 px
 * three columns leave ~190 px each and "Clear old tool results (Anthropic)" must still be read.
 */
import { BASELINE_COLOR, columnColor } from './palette';

/** A strategy's swatch: its column's colour, or the baseline's grey for sending everything (-1). */
export function ColumnDot({ index, className = '' }: { index: number; className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${className}`.trim()}
      style={{ background: index < 0 ? BASELINE_COLOR : columnColor(index) }}
    />
  );
}

export function ColumnLabel({ index, label }: { index: number; label: string }) {
  return (
    <span className="flex min-w-0 items-start gap-1.5" title={label}>
      <ColumnDot index={index} className="mt-[0.3em]" />
      <span className="min-w-0 break-words text-slate-800">{label}</span>
    </span>
  );
}
