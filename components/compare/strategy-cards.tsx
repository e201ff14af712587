'use client';
/**
 * The compared strategies: one card each with its parameter form (from its schema: each
 * parameter's label, help line and upstream name, lib/compare/param-fields.ts), when it runs, and an
 * "add" menu with presets. A card says what the strategy does in a sentence; where it comes from is
 * small print, naming parameters, never a value that could contradict the form.
 */
import { CUSTOM_EXAMPLE, CUSTOM_ID, CUSTOM_TIME_LIMIT_MS } from '../../lib/compare/custom-run';
import { PRESETS } from '../../lib/compare/presets';
import type { StrategyChoice } from '../../lib/compare/config';
import { paramFields, paramsProblem, type ParamField } from '../../lib/compare/param-fields';
import { getStrategy, STRATEGIES } from '../../lib/strategies';
import { columnColor } from './palette';
import { InlineError } from '../ui/alert';
import { IconButton } from '../ui/button';
import { Input } from '../ui/input';
import { Select, type SelectEntry } from '../ui/select';
import { Tooltip } from '../ui/tooltip';
import { RunControls } from './run-controls';
import { actsOf } from '../../lib/compare/run-words';
import { useShownRun } from '../workspace/shown-run';

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: ParamField;
  value: unknown;
  onChange(v: unknown): void;
}) {
  const id = `${field.name}`;
  const shown = value ?? field.default;
  if (field.kind === 'boolean') {
    return (
      <input
        aria-label={field.label}
        type="checkbox"
        checked={shown === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  if (field.kind === 'enum') {
    return (
      <Select
        label={field.label}
        className="w-full"
        value={String(shown ?? '')}
        onChange={onChange}
        options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
      />
    );
  }
  if (field.kind === 'integer' || field.kind === 'number') {
    return (
      <Input
        aria-label={field.label}
        id={id}
        className="w-full"
        type="number"
        step={field.kind === 'integer' ? 1 : 'any'}
        placeholder={field.optional ? 'default' : undefined}
        value={shown === undefined ? '' : String(shown)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    );
  }
  if (field.kind === 'string')
    return (
      <Input
        aria-label={field.label}
        className="w-full"
        value={String(shown ?? '')}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <Input
      aria-label={field.label}
      className="w-full font-mono"
      placeholder="JSON"
      defaultValue={shown === undefined ? '' : JSON.stringify(shown)}
      onChange={(e) => {
        try {
          onChange(e.target.value.trim() === '' ? undefined : JSON.parse(e.target.value));
        } catch {
          onChange(e.target.value);
        }
      }}
    />
  );
}

/** A default as the form would show it. */
const shownDefault = (v: unknown) =>
  typeof v === 'number' ? v.toLocaleString('en-US') : JSON.stringify(v);

/**
 * A parameter's label and input, its upstream name and default in small print; what it means (its
 * schema's description) and the key `--params` takes on hover and focus.
 */
function ParamRow(props: { field: ParamField; value: unknown; onChange(v: unknown): void }) {
  const f = props.field;
  const print = [
    f.upstream ?? 'Stepscope’s own',
    f.default !== undefined ? `default ${shownDefault(f.default)}` : 'unset by default',
  ].join(' · ');
  const row = (
    <label className="grid grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-2">
      <span className="min-w-0 text-xs text-slate-700">{f.label}</span>
      <FieldInput field={f} value={props.value} onChange={props.onChange} />
      <span className="col-span-2 break-words font-mono text-[0.65rem] leading-tight text-slate-500">
        {print}
      </span>
    </label>
  );
  return (
    <Tooltip
      content={
        <span className="flex flex-col gap-1">
          {f.description && <span>{f.description}</span>}
          <span className="text-slate-300">In --params and the URL: {f.name}</span>
        </span>
      }
    >
      {row}
    </Tooltip>
  );
}

function CustomCard({
  index,
  choice,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  choice: StrategyChoice;
  error?: string;
  onChange(c: StrategyChoice): void;
  onRemove(): void;
}) {
  return (
    <div
      role="group"
      aria-label={`Strategy ${index + 1}: Custom function`}
      className="w-[28rem] rounded-lg border border-slate-200 bg-white p-2 text-sm"
      style={{ borderTop: `3px solid ${columnColor(index)}` }}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <div className="font-medium text-slate-900">Custom function</div>
          <div className="text-xs text-slate-500">
            (steps, ctx) =&gt; steps · runs sandboxed: no network, {CUSTOM_TIME_LIMIT_MS / 1000} s
            limit · ctx.contextWindow, ctx.estimateTokens(text)
          </div>
        </div>
        <IconButton label="Remove Custom function" onClick={onRemove}>
          ✕
        </IconButton>
      </div>
      <textarea
        aria-label="Custom strategy code"
        spellCheck={false}
        rows={7}
        value={String(choice.params.code ?? '')}
        onChange={(e) => onChange({ ...choice, params: { code: e.target.value } })}
        className="mt-2 w-full rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs"
      />
      {error && <InlineError className="mt-1 text-xs">{error}</InlineError>}
    </div>
  );
}

/** The "add" menu: the presets (with what each follows), every strategy, and your own code. */
const ADD_OPTIONS: readonly SelectEntry<string>[] = [
  {
    group: 'Presets',
    options: PRESETS.map((p) => ({
      value: `preset:${p.id}`,
      label: p.label,
      ...(p.description ? { description: p.description } : {}),
    })),
  },
  {
    group: 'Strategies',
    options: STRATEGIES.map((s) => ({ value: `strategy:${s.id}`, label: s.label })),
  },
  { value: 'custom', label: 'Custom function (your code)…' },
];

export function StrategyCards({
  choices,
  onChange,
  errors,
}: {
  choices: readonly StrategyChoice[];
  onChange(next: StrategyChoice[]): void;
  errors?: readonly (string | undefined)[];
}) {
  const { contextWindow } = useShownRun().choice;
  const update = (i: number, choice: StrategyChoice) =>
    onChange(choices.map((c, j) => (j === i ? choice : c)));
  const add = (value: string) => {
    const preset = PRESETS.find((p) => `preset:${p.id}` === value);
    const choice = preset
      ? preset.choice
      : value === 'custom'
        ? { strategyId: CUSTOM_ID, params: { code: CUSTOM_EXAMPLE } }
        : { strategyId: value.replace(/^strategy:/, ''), params: {} };
    onChange([...choices, choice]);
  };
  return (
    <section aria-label="Compared strategies" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-2">
        {choices.map((choice, i) => {
          if (choice.strategyId === CUSTOM_ID) {
            return (
              <CustomCard
                key={i}
                index={i}
                choice={choice}
                {...(errors?.[i] ? { error: errors[i] } : {})}
                onChange={(c) => update(i, c)}
                onRemove={() => onChange(choices.filter((_, j) => j !== i))}
              />
            );
          }
          let strategy;
          try {
            strategy = getStrategy(choice.strategyId);
          } catch {
            return null;
          }
          const problem = paramsProblem(strategy, choice.params);
          return (
            <div
              key={i}
              role="group"
              aria-label={`Strategy ${i + 1}: ${strategy.label}`}
              className="w-64 rounded-lg border border-slate-200 bg-white p-2 text-sm"
              style={{ borderTop: `3px solid ${columnColor(i)}` }}
            >
              <div className="flex items-start justify-between gap-2">
                <div>
                  <div className="font-medium text-slate-900">{strategy.label}</div>
                  <div className="text-xs text-slate-600">{strategy.description}</div>
                </div>
                <IconButton
                  label={`Remove ${strategy.label}`}
                  onClick={() => onChange(choices.filter((_, j) => j !== i))}
                >
                  ✕
                </IconButton>
              </div>
              <div className="mt-2 flex flex-col gap-1.5">
                {paramFields(strategy).map((f) => (
                  <ParamRow
                    key={f.name}
                    field={f}
                    value={choice.params[f.name]}
                    onChange={(v) =>
                      update(i, {
                        ...choice,
                        params: Object.fromEntries(
                          Object.entries({ ...choice.params, [f.name]: v }).filter(
                            ([, x]) => x !== undefined,
                          ),
                        ),
                      })
                    }
                  />
                ))}
              </div>
              {problem && <InlineError className="mt-1 text-xs">{problem}</InlineError>}
              <RunControls
                index={i}
                run={choice.run}
                {...(problem
                  ? {}
                  : { acts: actsOf(choice.strategyId, choice.params, contextWindow) })}
                onChange={(run) => {
                  const { run: _old, ...rest } = choice;
                  update(i, run ? { ...rest, run } : rest);
                }}
              />
              <p className="mt-2 border-t border-slate-100 pt-1 text-[0.65rem] leading-tight text-slate-500">
                Follows {strategy.source}
              </p>
            </div>
          );
        })}
        <Select
          label="Add a strategy"
          variant="add"
          size="md"
          value=""
          placeholder="+ Add a strategy…"
          onChange={add}
          options={ADD_OPTIONS}
        />
      </div>
    </section>
  );
}
