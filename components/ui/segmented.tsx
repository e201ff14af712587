'use client';
/**
 * A choice of a few values shown side by side, each a toggle button (`aria-pressed`) in a named
 * group: what the plan view's full / summary switch is. A disabled value can say why in a hint.
 */
import { Button } from './button';
import { Tooltip } from './tooltip';

export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly disabled?: boolean;
  /** Why the value is as it is (shown on hover and focus). */
  readonly hint?: string;
}

export function Segmented<T extends string>(props: {
  label: string;
  options: readonly SegmentedOption<T>[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  className?: string;
}) {
  return (
    <span
      role="group"
      aria-label={props.label}
      className={`inline-flex overflow-hidden rounded-md ring-1 ring-slate-300 ${props.className ?? ''}`}
    >
      {props.options.map((o) => {
        const button = (
          <Button
            key={o.value}
            variant="segment"
            size="xs"
            pressed={props.value === o.value}
            disabled={o.disabled}
            onClick={() => props.onChange(o.value)}
          >
            {o.label}
          </Button>
        );
        if (!o.hint) return button;
        // A disabled button takes no pointer or focus: the hint hangs on a focusable span around it.
        return (
          <Tooltip key={o.value} content={o.hint}>
            {o.disabled ? <span tabIndex={0}>{button}</span> : button}
          </Tooltip>
        );
      })}
    </span>
  );
}
