'use client';
/** The chosen model's prices, editable: list input, cached input, cache writes, minimum cached prefix, cache lifetime. */
import type { PriceSheet } from '../../lib/simulate/cache';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

type NumberKey =
  'inputUsdPerMTok' | 'cachedInputUsdPerMTok' | 'cacheWriteUsdPerMTok' | 'minCacheableTokens';

const FIELDS: readonly { key: NumberKey; label: string; step: string }[] = [
  { key: 'inputUsdPerMTok', label: 'input $/M', step: '0.01' },
  { key: 'cachedInputUsdPerMTok', label: 'cached $/M', step: '0.001' },
  { key: 'cacheWriteUsdPerMTok', label: 'cache write $/M', step: '0.01' },
  { key: 'minCacheableTokens', label: 'min cached prefix', step: '1' },
];

export function PriceEditor({
  sheet,
  edited,
  onChange,
  onReset,
}: {
  sheet: PriceSheet;
  edited: boolean;
  onChange(next: PriceSheet): void;
  onReset(): void;
}) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
      <summary className="cursor-pointer text-slate-700">
        Prices: {sheet.label} · input ${sheet.inputUsdPerMTok}/M · cached $
        {sheet.cachedInputUsdPerMTok}/M · writes ${sheet.cacheWriteUsdPerMTok}/M
        {edited ? ' (edited)' : ''}
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        {FIELDS.map((f) => (
          <Field key={f.key} caption={f.label}>
            <Input
              className="w-28 font-mono"
              aria-label={`Price ${f.label}`}
              type="number"
              min={0}
              step={f.step}
              value={sheet[f.key]}
              onChange={(e) => {
                const v = Number(e.target.value);
                if (e.target.value !== '' && Number.isFinite(v) && v >= 0)
                  onChange({
                    ...sheet,
                    [f.key]: f.key === 'minCacheableTokens' ? Math.round(v) : v,
                  });
              }}
            />
          </Field>
        ))}
        <Field caption="cache lifetime (s)">
          <Input
            className="w-28 font-mono"
            aria-label="Price cache lifetime"
            type="number"
            min={0}
            placeholder="none"
            value={sheet.ttlSeconds ?? ''}
            onChange={(e) =>
              onChange({
                ...sheet,
                ttlSeconds: e.target.value === '' ? null : Math.max(0, Number(e.target.value)),
              })
            }
          />
        </Field>
        {edited && (
          <Button variant="secondary" size="xs" onClick={onReset}>
            Reset to list prices
          </Button>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Source: {sheet.source}. Prices are per million tokens; a prefix is cached when it is at
        least the minimum and the previous call came within the lifetime.
      </p>
    </details>
  );
}
