/**
 * Prices the user gives (`--prices` in the CLI, the price editor in the app), per model name as the
 * file writes it or `*` for any model, in USD per million tokens:
 * `{"claude-sonnet-4-5": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75,
 * "cacheWrite1h": 6, "contextWindow": 200000}}`. Keys are strict: a misspelled one
 * (`cachedInput`) is an error naming it and the expected keys, never ignored, since an ignored price
 * silently bills at another.
 */
import { z } from 'zod';
import { resolveModel, type ModelPrice } from './catalog';

const price = z.number().finite().min(0);

const overrideSchema = z
  .object({
    input: price,
    output: price.optional(),
    cacheRead: price.optional(),
    /** 5-minute cache writes (Anthropic: 1.25x input). */
    cacheWrite: price.optional(),
    /** 1-hour cache writes (Anthropic: 2x input). */
    cacheWrite1h: price.optional(),
    contextWindow: z.number().int().positive().optional(),
  })
  .strict();

export type PriceOverride = z.infer<typeof overrideSchema>;
/** Model name (lowercased) or `*`, to its prices. */
export type PriceOverrides = Readonly<Record<string, PriceOverride>>;

const EXPECTED = Object.keys(overrideSchema.shape);

/** A zod error's first issue as `key: message` (one line, as the CLI prints it). */
const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(prices)'}: ${issue.message}` : 'invalid prices';
};

export class PriceOverridesError extends Error {
  override name = 'PriceOverridesError';
}

/** The overrides in a JSON text or a parsed value; throws a one-line error naming what is wrong. */
export function parsePriceOverrides(json: string | unknown): PriceOverrides {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new PriceOverridesError(
        `prices: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new PriceOverridesError(
      'prices: expected an object of model names to prices, e.g. {"gpt-4o": {"input": 2.5, "output": 10}}',
    );
  const out: Record<string, PriceOverride> = {};
  for (const [name, raw] of Object.entries(value)) {
    const key = name.trim().toLowerCase();
    if (key === '')
      throw new PriceOverridesError('prices: a model name is empty (use "*" for any model)');
    if (Object.hasOwn(out, key))
      throw new PriceOverridesError(
        `prices: "${name}" is given twice (names are compared in lowercase)`,
      );
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw new PriceOverridesError(
        `prices for "${name}": expected an object of prices per million tokens, e.g. {"input": 2.5, "output": 10}`,
      );
    const unknown = Object.keys(raw).filter((k) => !EXPECTED.includes(k));
    if (unknown.length > 0)
      throw new PriceOverridesError(
        `prices for "${name}": unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.map((k) => `"${k}"`).join(', ')} (expected: ${EXPECTED.join(', ')})`,
      );
    if (!('input' in raw))
      throw new PriceOverridesError(
        `prices for "${name}": "input" is required (USD per million input tokens)`,
      );
    const parsed = overrideSchema.safeParse(raw);
    if (!parsed.success)
      throw new PriceOverridesError(`prices for "${name}": ${firstIssue(parsed.error)}`);
    out[key] = parsed.data;
  }
  return out;
}

/**
 * The override for a model name: its own (exact, lowercased), else one whose name the catalog
 * resolves to the same model (`gemini-3-pro-preview` prices `@google/gemini-3-pro-preview` and
 * `openrouter/google/gemini-3-pro-preview` alike), else `*`'s; with the key that matched.
 */
export function overrideFor(
  model: string | undefined,
  overrides: PriceOverrides | undefined,
): { key: string; price: PriceOverride } | undefined {
  if (!overrides) return undefined;
  const key = typeof model === 'string' ? model.trim().toLowerCase() : undefined;
  const exact = key !== undefined && Object.hasOwn(overrides, key) ? overrides[key] : undefined;
  if (exact && key !== undefined) return { key, price: exact };
  const entry = key !== undefined ? resolveModel(key) : undefined;
  if (entry)
    for (const [k, price] of Object.entries(overrides)) {
      if (k === '*') continue;
      const other = resolveModel(k);
      if (other?.modelId === entry.modelId && other.providerId === entry.providerId)
        return { key: k, price };
    }
  const any = Object.hasOwn(overrides, '*') ? overrides['*'] : undefined;
  return any ? { key: '*', price: any } : undefined;
}

/**
 * A catalog price with the user's keys laid over it (theirs win, flat; the catalog's tiers stay on
 * the keys they leave out). genai-prices refuses a 1-hour write price without a 5-minute one (its
 * README: prices cover their ancestors), so a lone `cacheWrite1h` brings 5-minute writes at input.
 */
function withOverride(base: ModelPrice | undefined, o: PriceOverride): ModelPrice {
  const out: ModelPrice = { ...(base ?? {}), input_mtok: o.input };
  if (o.output !== undefined) out.output_mtok = o.output;
  if (o.cacheRead !== undefined) out.cache_read_mtok = o.cacheRead;
  if (o.cacheWrite !== undefined) out.cache_write_mtok = o.cacheWrite;
  if (o.cacheWrite1h !== undefined) out.cache_write_1h_mtok = o.cacheWrite1h;
  if (out.cache_write_1h_mtok !== undefined && out.cache_write_mtok === undefined)
    out.cache_write_mtok = o.input;
  return out;
}

/** Whether the catalog gives a token price the override leaves out (so the label says both). */
function catalogFills(base: ModelPrice, o: PriceOverride): boolean {
  const given: Record<string, number | undefined> = {
    output_mtok: o.output,
    cache_read_mtok: o.cacheRead,
    cache_write_mtok: o.cacheWrite,
    cache_write_1h_mtok: o.cacheWrite1h,
  };
  return Object.entries(given).some(([k, v]) => v === undefined && base[k] !== undefined);
}

/** How a price is labelled when the user gave it. */
function overrideSource(key: string, catalogSource: string | undefined): string {
  const yours = key === '*' ? 'your price (*)' : `your price for "${key}"`;
  return catalogSource ? `${yours}; the rest from ${catalogSource}` : yours;
}

/** The user's price over the catalog's (when it has the model), and how to label it. */
export function overriddenPrice(
  base: ModelPrice | undefined,
  override: { key: string; price: PriceOverride },
  catalogSource: string | undefined,
): { price: ModelPrice; source: string } {
  const filled = base !== undefined && catalogFills(base, override.price);
  return {
    price: withOverride(base, override.price),
    source: overrideSource(override.key, filled ? catalogSource : undefined),
  };
}
