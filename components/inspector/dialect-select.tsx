/** The dialect menu, from the dialect registry: the inspector and "context at call" show messages in it. */
import { DIALECT_REGISTRY, type Dialect } from '../../lib/messages';
import { selectClass } from '../ui/select';

export function DialectSelect(props: {
  value: Dialect;
  onChange(dialect: Dialect): void;
  /** The accessible name when the visible "Dialect" is not enough to tell it apart. */
  label?: string;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-1 text-xs text-slate-600 ${props.className ?? ''}`}>
      Dialect
      <select
        {...(props.label ? { 'aria-label': props.label } : {})}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as Dialect)}
        className={selectClass}
      >
        {DIALECT_REGISTRY.map((d) => (
          <option key={d.id} value={d.id} title={d.description}>
            {d.label}
          </option>
        ))}
      </select>
    </label>
  );
}
