/** The dialect menu, from the dialect registry: the inspector and "context at call" show messages in it. */
import { DIALECT_REGISTRY, type Dialect } from '../../lib/messages';
import { Select, type SelectOption } from '../ui/select';

const OPTIONS: readonly SelectOption<Dialect>[] = DIALECT_REGISTRY.map((d) => ({
  value: d.id,
  label: d.label,
  description: d.description,
}));

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
      <Select
        label={props.label ?? 'Dialect'}
        size="xs"
        value={props.value}
        onChange={props.onChange}
        options={OPTIONS}
      />
    </label>
  );
}
