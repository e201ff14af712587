/**
 * The price of one model call from the usage its file reports. The file's convention is converted
 * once (`promptTokensOf`: OpenAI's input includes its cached part, Anthropic's does not), then
 * genai-prices' `calcPrice` does the arithmetic, whose convention is OpenAI's: `input_tokens` is every
 * prompt token and `cache_read_tokens`, `cache_write_tokens`, `cache_write_1h_tokens` are parts of it.
 * The failures other tools shipped, each with a test:
 * - cached tokens counted twice, as input and as cache reads (langfuse#10592, #12306);
 * - cache reads priced as plain input (phoenix#10036): they pay `cache_read_mtok`;
 * - cache writes dropped (ccusage#1617): 5-minute writes pay `cache_write_mtok`, 1-hour writes
 *   `cache_write_1h_mtok` (Anthropic: 1.25x and 2x input);
 * - a model missing from the catalog shown as $0 (ccusage#948): it is unpriced, with the reason;
 * - long-context tiers applied to a run's aggregate: the tier is the request's (one call).
 */
import type { Provider } from '@pydantic/genai-prices';
import { calcPrice } from '@pydantic/genai-prices';
import { promptTokensOf } from '../model/usage';
import type { Usage } from '../model/types';
import {
  CATALOG,
  calcWith,
  priceConditionsOf,
  resolveForPricing,
  tierStartOf,
  tokenPricesOf,
  usualInstant,
  type CatalogModel,
  type Resolved,
} from './catalog';
import { overriddenPrice, overrideFor, type PriceOverrides } from './overrides';

export interface PricePart {
  readonly tokens: number;
  readonly usd: number;
}

/** A call's bill by what was billed; tokens in each part are counted once. */
export interface PriceParts {
  /** Input neither read from nor written to the cache. */
  readonly uncached: PricePart;
  readonly cacheRead: PricePart;
  readonly cacheWrite5m: PricePart;
  readonly cacheWrite1h: PricePart;
  readonly output: PricePart;
}

/** Where a call's prices came from: a catalog entry, or the user's price (`providerId: 'your-price'`). */
export type PricedModel = CatalogModel;

export interface PriceCallOptions {
  /** When the call was made (a Date, or Unix seconds as steps record it): prices change by date. */
  readonly at?: Date | number;
  readonly overrides?: PriceOverrides;
}

export type CallPrice =
  | {
      readonly ok: true;
      readonly costUsd: number;
      readonly parts: PriceParts;
      /** The long-context tier the request fell in, e.g. `above 200k input tokens`. */
      readonly tier?: string;
      /** Charges that are not tokens (a per-request fee), included in `costUsd`. */
      readonly otherUsd?: number;
      /** Every count is zero (a streaming placeholder record): $0, and still a call. */
      readonly placeholder?: true;
      readonly model: PricedModel;
      readonly source: string;
      readonly notes?: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

/** The instant of an option: a Date, or Unix seconds; undefined when absent or not a time. */
export function instantOf(at: Date | number | undefined): Date | undefined {
  const d = typeof at === 'number' ? new Date(at * 1000) : at;
  return d && Number.isFinite(d.getTime()) ? d : undefined;
}

export function notInCatalog(model: string | undefined): string {
  return model === undefined
    ? 'the file names no model; give its prices for "*" with --prices or in the price editor'
    : `model "${model}" is not in the catalog (genai-prices ${CATALOG.version}); give its prices with --prices or in the price editor`;
}

/** Whether a usage record counts any token (a streaming placeholder counts none). */
export const usesTokens = (u: Usage): boolean =>
  [
    u.inputTokens,
    u.outputTokens,
    u.totalTokens,
    u.cacheReadInputTokens,
    u.cacheCreationInputTokens,
  ].some((n) => (n ?? 0) > 0);

const usd = (tokens: number, perMTok: number) => (tokens * perMTok) / 1_000_000;
const ZERO: PricePart = { tokens: 0, usd: 0 };

/** `200000` → `200k`. */
const thousands = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : n.toLocaleString('en-US'));

/** What prices a call: the catalog's entry, or the user's price laid over it. */
function pricingOf(
  model: string | undefined,
  resolved: Resolved | undefined,
  overrides: PriceOverrides | undefined,
  when: Date,
): { provider: Provider; modelId: string; entry: PricedModel } | undefined {
  const override = overrideFor(model, overrides);
  if (!override) return resolved && { ...resolved, modelId: resolved.entry.modelId };
  const base = resolved ? calcWith(resolved, {}, when).model_price : undefined;
  const { price, source } = overriddenPrice(base, override, resolved?.entry.source);
  const contextWindow = override.price.contextWindow ?? resolved?.entry.contextWindow;
  return {
    provider: {
      id: 'your-price',
      name: 'your price',
      api_pattern: '.*',
      models: [{ id: override.key, match: { starts_with: '' }, prices: price }],
    },
    modelId: override.key,
    entry: {
      providerId: 'your-price',
      providerName: 'your price',
      modelId: override.key,
      modelName: model ?? override.key,
      ...(contextWindow !== undefined ? { contextWindow } : {}),
      source,
    },
  };
}

/** One reported usage record (one model call) priced with its model's prices at its time. */
export function priceCall(
  usage: Usage,
  model: string | undefined,
  options: PriceCallOptions = {},
): CallPrice {
  const resolved = resolveForPricing(model);
  const at = instantOf(options.at);
  const when = at ?? (resolved ? usualInstant(resolved) : new Date());
  const pricing = pricingOf(model, resolved, options.overrides, when);
  if (!pricing) return { ok: false, reason: notInCatalog(model) };
  const p = promptTokensOf(usage);
  if (!p && (usesTokens(usage) || (usage.costUsd ?? 0) > 0))
    return {
      ok: false,
      reason:
        (usage.outputTokens ?? 0) > 0
          ? 'the call reports output tokens but no input tokens'
          : (usage.totalTokens ?? 0) > 0
            ? 'the call reports a total but not its input and output tokens'
            : 'the call reports a cost but no tokens',
    };
  const tokens = p ?? {
    total: 0,
    uncached: 0,
    cacheRead: 0,
    cacheWrite: 0,
    cacheWrite1h: 0,
    output: 0,
  };
  let result;
  try {
    result = calcPrice(
      {
        input_tokens: tokens.total,
        cache_read_tokens: tokens.cacheRead,
        cache_write_tokens: tokens.cacheWrite,
        cache_write_1h_tokens: tokens.cacheWrite1h,
        output_tokens: tokens.output,
      },
      pricing.modelId,
      { provider: pricing.provider, timestamp: when },
    );
  } catch (error) {
    return {
      ok: false,
      reason: `genai-prices could not price it: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!result) return { ok: false, reason: notInCatalog(model) };
  const rates = tokenPricesOf(result.model_price, tokens.total);
  const source = pricing.entry.source;
  if (tokens.total > 0 && rates.input === undefined)
    return { ok: false, reason: `${source} gives no input price` };
  if (tokens.output > 0 && rates.output === undefined)
    return { ok: false, reason: `${source} gives no output price` };
  // genai-prices bills a part the model has no price for at its parent's price: reads and writes
  // without their own price are input, 1-hour writes without theirs are writes.
  const input = rates.input ?? 0;
  const write = rates.cacheWrite ?? input;
  const write5m = tokens.cacheWrite - tokens.cacheWrite1h;
  const parts: PriceParts = {
    uncached: { tokens: tokens.uncached, usd: usd(tokens.uncached, input) },
    cacheRead: { tokens: tokens.cacheRead, usd: usd(tokens.cacheRead, rates.cacheRead ?? input) },
    cacheWrite5m: { tokens: write5m, usd: usd(write5m, write) },
    cacheWrite1h: {
      tokens: tokens.cacheWrite1h,
      usd: usd(tokens.cacheWrite1h, rates.cacheWrite1h ?? write),
    },
    output:
      tokens.output > 0
        ? { tokens: tokens.output, usd: usd(tokens.output, rates.output ?? 0) }
        : ZERO,
  };
  const sum = Object.values(parts).reduce((s, part: PricePart) => s + part.usd, 0);
  const notes: string[] = [];
  if (Math.abs(result.input_price + result.output_price - sum) > 1e-9 * Math.max(1, sum))
    notes.push(
      `the parts add up to $${sum} where genai-prices says $${result.input_price + result.output_price}`,
    );
  const varies = resolved && !at ? priceConditionsOf(resolved.model) : undefined;
  if (varies?.byTimeOfDay)
    notes.push(
      `no timestamp: priced at ${resolved?.entry.providerName}'s price for most of the day`,
    );
  else if (varies?.byDate) notes.push("no timestamp: priced at today's prices");
  const other = result.total_price - result.input_price - result.output_price;
  const tier = tierStartOf(result.model_price, tokens.total);
  return {
    ok: true,
    costUsd: result.total_price,
    parts,
    ...(tier !== undefined ? { tier: `above ${thousands(tier)} input tokens` } : {}),
    ...(other > 1e-12 ? { otherUsd: other } : {}),
    ...(tokens.total + tokens.output === 0 ? { placeholder: true as const } : {}),
    model: pricing.entry,
    source,
    ...(notes.length ? { notes } : {}),
  };
}
