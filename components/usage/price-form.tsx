'use client';
/**
 * Your prices for a model the run used, over the catalog's (the same overrides `--prices` takes in
 * the CLI): prefilled with the catalog's list prices, kept in the URL, cleared in one click. A model
 * the catalog lacks has no cost until you give its prices here.
 */
import { useState } from 'react';
import {
  catalogPricesAt,
  CATALOG_LABEL,
  firstTierStart,
  tokenPricesOf,
} from '../../lib/pricing/catalog';
import {
  parsePriceOverrides,
  type PriceOverride,
  type PriceOverrides,
} from '../../lib/pricing/overrides';
import { InlineError } from '../ui/alert';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';

const FIELDS: readonly { key: keyof Omit<PriceOverride, 'contextWindow'>; label: string }[] = [
  { key: 'input', label: 'input' },
  { key: 'output', label: 'output' },
  { key: 'cacheRead', label: 'cache read' },
  { key: 'cacheWrite', label: 'cache write 5 min' },
  { key: 'cacheWrite1h', label: 'cache write 1 h' },
];

type Draft = Partial<Record<(typeof FIELDS)[number]['key'], string>>;

function draftFor(model: string, prices: PriceOverrides | undefined): Draft {
  const own = prices?.[model.toLowerCase()];
  if (own)
    return Object.fromEntries(
      FIELDS.flatMap((f) => (own[f.key] === undefined ? [] : [[f.key, String(own[f.key])]])),
    );
  const catalog = catalogPricesAt(model);
  if (!catalog) return {};
  const p = tokenPricesOf(catalog);
  return Object.fromEntries(
    FIELDS.flatMap((f) => (p[f.key] === undefined ? [] : [[f.key, String(p[f.key])]])),
  );
}

export function PriceForm(props: {
  /** The models the run's calls name. */
  models: readonly string[];
  prices: PriceOverrides | undefined;
  onPrices(prices: PriceOverrides | undefined): void;
}) {
  const [model, setModel] = useState(props.models[0] ?? '*');
  const [draft, setDraft] = useState<Draft>(() => draftFor(model, props.prices));
  const [error, setError] = useState<string>();
  const pick = (next: string) => {
    setModel(next);
    setDraft(draftFor(next, props.prices));
    setError(undefined);
  };
  const catalog = model === '*' ? undefined : catalogPricesAt(model);
  const tier = catalog ? firstTierStart(catalog) : undefined;
  const apply = () => {
    // Only what the user changed (input is always given): a price left as the catalog's keeps
    // the catalog's own, long-context tier included.
    const prefill = draftFor(model, undefined);
    const changed = FIELDS.some((f) => (draft[f.key] ?? '') !== (prefill[f.key] ?? ''));
    if (!changed && !props.prices?.[model.toLowerCase()]) {
      setError("Nothing changed: the catalog's prices already apply.");
      return;
    }
    const entry = Object.fromEntries(
      FIELDS.flatMap((f) => {
        const v = draft[f.key];
        if (v === undefined || v.trim() === '') return [];
        if (f.key !== 'input' && v === prefill[f.key]) return [];
        return [[f.key, Number(v)]];
      }),
    );
    try {
      // The same strict parser as --prices: a missing input price or a negative one is named.
      const parsed = parsePriceOverrides({ ...(props.prices ?? {}), [model]: entry });
      setError(undefined);
      props.onPrices(parsed);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const own = props.prices ? Object.keys(props.prices) : [];
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
      open={props.models.length === 0 ? undefined : own.length > 0}
    >
      <summary className="cursor-pointer text-slate-700">
        Your prices{own.length > 0 ? ` (${own.join(', ')})` : ''} · otherwise {CATALOG_LABEL} list
        prices
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <Field caption="model">
          <Select
            label="Model to price"
            value={model}
            onChange={pick}
            options={[...props.models, '*'].map((m) => ({
              value: m,
              label: m === '*' ? 'any model (*)' : m,
            }))}
          />
        </Field>
        {FIELDS.map((f) => (
          <Field key={f.key} caption={`${f.label} $/M`}>
            <Input
              className="w-24 font-mono"
              aria-label={`Your price: ${f.label} per million tokens`}
              type="number"
              min={0}
              step="0.001"
              value={draft[f.key] ?? ''}
              onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
            />
          </Field>
        ))}
        <Button variant="primary" size="xs" onClick={apply}>
          Use these prices
        </Button>
        {own.length > 0 && (
          <Button variant="secondary" size="xs" onClick={() => props.onPrices(undefined)}>
            Back to the catalog
          </Button>
        )}
      </div>
      {error && <InlineError className="mt-1 text-xs">{error}</InlineError>}
      {tier !== undefined && (
        <p className="mt-1 text-xs text-amber-800">
          The catalog prices this model higher above {tier.toLocaleString('en-US')} input tokens per
          request; a price you give here applies to requests of every size.
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500">
        Prices per million tokens. They price the file&apos;s own usage here (what you paid, when
        the file records no cost) and travel in the link; in the CLI:{' '}
        <code className="font-mono">
          --prices &apos;{'{"model": {"input": 3, "output": 15}}'}&apos;
        </code>
        .
      </p>
    </details>
  );
}
