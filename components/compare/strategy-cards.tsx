'use client';
/** The compared strategies: one card each with its parameter form (from its schema), and an "add" menu with presets. */
import { CUSTOM_EXAMPLE, CUSTOM_ID, CUSTOM_TIME_LIMIT_MS } from '../../lib/compare/custom-run';
import { PRESETS } from '../../lib/compare/presets';
import type { StrategyChoice } from '../../lib/compare/config';
import { paramFields, paramsProblem, type ParamField } from '../../lib/compare/param-fields';
import { getStrategy, STRATEGIES } from '../../lib/strategies';
import { columnColor } from './palette';
import { InlineError } from '../ui/alert';
import { Button } from '../ui/button';
import { RunControls } from './run-controls';

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
  const common = 'w-full rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm';
  if (field.kind === 'boolean') {
    return (
      <input
        aria-label={field.name}
        type="checkbox"
        checked={shown === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  if (field.kind === 'enum') {
    return (
      <select
        aria-label={field.name}
        className={common}
        value={String(shown ?? '')}
        onChange={(e) => onChange(e.target.value)}
      >
        {(field.options ?? []).map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  }
  if (field.kind === 'integer' || field.kind === 'number') {
    return (
      <input
        aria-label={field.name}
        id={id}
        className={common}
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
      <input
        aria-label={field.name}
        className={common}
        value={String(shown ?? '')}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <input
      aria-label={field.name}
      className={`${common} font-mono`}
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
        <Button variant="ghost" size="sm" aria-label="Remove Custom function" onClick={onRemove}>
          ✕
        </Button>
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

export function StrategyCards({
  choices,
  onChange,
  errors,
}: {
  choices: readonly StrategyChoice[];
  onChange(next: StrategyChoice[]): void;
  errors?: readonly (string | undefined)[];
}) {
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
                  <div className="text-xs text-slate-500">{strategy.source}</div>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${strategy.label}`}
                  onClick={() => onChange(choices.filter((_, j) => j !== i))}
                >
                  ✕
                </Button>
              </div>
              <div className="mt-2 flex flex-col gap-1.5">
                {paramFields(strategy).map((f) => (
                  <label
                    key={f.name}
                    className="grid grid-cols-[minmax(0,1fr)_6rem] items-center gap-2"
                    title={f.description}
                  >
                    <span className="truncate text-xs text-slate-600">{f.name}</span>
                    <FieldInput
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
                  </label>
                ))}
              </div>
              {problem && <InlineError className="mt-1 text-xs">{problem}</InlineError>}
              <RunControls
                index={i}
                run={choice.run}
                onChange={(run) => {
                  const { run: _old, ...rest } = choice;
                  update(i, run ? { ...rest, run } : rest);
                }}
              />
            </div>
          );
        })}
        <select
          aria-label="Add a strategy"
          value=""
          onChange={(e) => e.target.value && add(e.target.value)}
          className="h-9 rounded-lg border border-dashed border-slate-400 bg-white px-2 text-sm text-slate-700"
        >
          <option value="">+ Add a strategy…</option>
          <optgroup label="Presets">
            {PRESETS.map((p) => (
              <option key={p.id} value={`preset:${p.id}`} title={p.description}>
                {p.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Strategies">
            {STRATEGIES.map((s) => (
              <option key={s.id} value={`strategy:${s.id}`}>
                {s.label}
              </option>
            ))}
          </optgroup>
          <option value="custom">Custom function (your code)…</option>
        </select>
      </div>
    </section>
  );
}
