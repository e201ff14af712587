/**
 * Model names as files write them, resolved to an entry of a maintained price catalog:
 * `@pydantic/genai-prices` (github.com/pydantic/genai-prices), whose data is bundled in the package
 * (no network: its update functions are never called). It has per-provider entries with context
 * windows, cache read and write prices, 1-hour cache writes (`cache_write_1h_mtok`), long-context
 * tiers (`TieredPrices`, applied per request) and prices that change by date or time of day
 * (`ConditionalPrice`), so a call is priced as its provider billed it on its day.
 *
 * Resolution never falls back to another model: a name the catalog does not match is undefined, and
 * its cost is unknown, never $0 (ccusage#948).
 */
import {
  calcPrice,
  findProvider,
  type ModelInfo as CatalogModelInfo,
  type ModelPrice,
  type PriceCalculation,
  type Provider,
  type Usage,
} from '@pydantic/genai-prices';

export type { ModelPrice, Usage as CatalogUsage } from '@pydantic/genai-prices';

/**
 * The catalog's identity, for labels. The version is checked against the installed package's
 * package.json by a test (the package's `exports` map does not expose its package.json to an
 * import). The bundled data carries no date of its own.
 */
export const CATALOG = {
  packageName: '@pydantic/genai-prices',
  version: '0.1.8',
  repository: 'pydantic/genai-prices',
  dataDate: undefined as string | undefined,
} as const;

/** `genai-prices 0.1.8 (pydantic/genai-prices)`. */
export const CATALOG_LABEL = `genai-prices ${CATALOG.version} (${CATALOG.repository})`;

/** A catalog entry a model name resolved to (plain data: it crosses the worker boundary). */
export interface CatalogModel {
  readonly providerId: string;
  readonly providerName: string;
  readonly modelId: string;
  readonly modelName: string;
  /** Input + output tokens, from the entry, else from the same model at the provider its name names. */
  readonly contextWindow?: number;
  /** `genai-prices 0.1.8 (pydantic/genai-prices), anthropic: claude-opus-4-7`. */
  readonly source: string;
  /** The catalog's note on the prices (where a tier or a date comes from). */
  readonly priceComments?: string;
}

export interface Resolved {
  readonly entry: CatalogModel;
  /** A provider holding only this model, matching any name: calcPrice then skips its search. */
  readonly provider: Provider;
  readonly model: CatalogModelInfo;
}

/**
 * Prefixes routers and proxies put before a model name that are not catalog providers (LiteLLM's
 * `litellm_proxy/`, `hosted_vllm/`, `ollama/`...): stripped without naming a provider. A prefix
 * the catalog knows (`openrouter`, `azure`, `bedrock` → aws, `vertex_ai` → google) names one.
 */
const NOT_PROVIDERS = new Set(['litellm_proxy', 'litellm', 'hosted_vllm', 'ollama', 'ollama_chat']);

/** Bedrock model ids: `[region.]vendor.model-version:n` (AWS Bedrock "Supported foundation models"). */
const BEDROCK_ID =
  /^(?:(?:us|eu|apac|ap|global|us-gov|jp|au|ca)\.)?(?:anthropic|amazon|meta|mistral|cohere|ai21|deepseek|qwen|openai|writer)\./;

interface Candidate {
  readonly name: string;
  readonly providerId?: string;
}

const providerIds = new Map<string, string | undefined>();

/** The catalog provider a prefix names (its id or its `provider_match`), or undefined. */
function catalogProviderId(prefix: string): string | undefined {
  if (NOT_PROVIDERS.has(prefix) || prefix === '') return undefined;
  if (!providerIds.has(prefix)) providerIds.set(prefix, findProvider({ providerId: prefix })?.id);
  return providerIds.get(prefix);
}

/**
 * The names to try, most specific first: the whole name (the catalog's own matching handles case and
 * dated names, `claude-sonnet-4-5-20250929`), then each provider prefix stripped in turn, passing it
 * as the provider when the catalog knows it (`openrouter/google/x`: openrouter's `google/x`, then
 * google's `x`), then a Bedrock id at aws and without its vendor.
 */
function candidatesOf(name: string): Candidate[] {
  const out: Candidate[] = [{ name }];
  const segments = name.split('/');
  for (let i = 0; i < segments.length - 1; i++) {
    const rest = segments.slice(i + 1).join('/');
    const providerId = catalogProviderId(segments[i] as string);
    if (providerId) out.push({ name: rest, providerId });
    out.push({ name: rest });
  }
  const last = segments.at(-1) as string;
  if (BEDROCK_ID.test(last)) {
    out.push({ name: last, providerId: 'aws' });
    out.push({ name: last.replace(BEDROCK_ID, '') });
  }
  return out;
}

/**
 * The name a model's maker gives it, from a routed or hosted name: the last path segment without a
 * Bedrock region and vendor (`openrouter/openai/gpt-4o` → `gpt-4o`,
 * `us.anthropic.claude-sonnet-4-6` → `claude-sonnet-4-6`).
 */
export function makerNameOf(name: string): string {
  return (name.trim().toLowerCase().split('/').at(-1) as string).replace(BEDROCK_ID, '');
}

/** What calcPrice matches for a candidate (its own provider and model matching), or null. */
function matchOf(c: Candidate): { provider: Provider; model: CatalogModelInfo } | null {
  try {
    const r = calcPrice({}, c.name, c.providerId ? { providerId: c.providerId } : {});
    return r && { provider: r.provider, model: r.model };
  } catch {
    // A name the catalog's patterns cannot read is a name it does not know.
    return null;
  }
}

// Names in a run are few; a bound keeps a long-lived worker fed random names (fuzzing) small.
const MAX_CACHED = 5_000;
const resolved = new Map<string, Resolved | null>();

function resolve(name: string): Resolved | undefined {
  const key = name.trim().toLowerCase();
  const hit = resolved.get(key);
  if (hit !== undefined) return hit ?? undefined;
  if (resolved.size >= MAX_CACHED) resolved.clear();
  const candidates = key === '' ? [] : candidatesOf(key);
  let found: Resolved | null = null;
  for (let i = 0; i < candidates.length && !found; i++) {
    const m = matchOf(candidates[i] as Candidate);
    if (!m) continue;
    // A router's entry may lack the window its maker gives the same model (openrouter's
    // anthropic/claude-3.7-sonnet): take it from the later, less specific candidates.
    let contextWindow = m.model.context_window;
    for (let j = i + 1; j < candidates.length && contextWindow === undefined; j++)
      contextWindow = matchOf(candidates[j] as Candidate)?.model.context_window;
    found = {
      entry: {
        providerId: m.provider.id,
        providerName: m.provider.name,
        modelId: m.model.id,
        modelName: m.model.name ?? m.model.id,
        ...(contextWindow !== undefined ? { contextWindow } : {}),
        source: `${CATALOG_LABEL}, ${m.provider.id}: ${m.model.id}`,
        ...(m.model.price_comments ? { priceComments: m.model.price_comments } : {}),
      },
      provider: {
        id: m.provider.id,
        name: m.provider.name,
        api_pattern: m.provider.api_pattern,
        models: [{ ...m.model, match: { starts_with: '' } }],
      },
      model: m.model,
    };
  }
  resolved.set(key, found);
  return found ?? undefined;
}

/** The catalog entry for a model name as a file writes it, or undefined (never another model). */
export function resolveModel(name: string | undefined): CatalogModel | undefined {
  // A file's own value: a model field may hold anything.
  if (typeof name !== 'string') return undefined;
  return resolve(name)?.entry;
}

/** Resolution with the provider calcPrice prices against, for the pricing module. */
export function resolveForPricing(name: string | undefined): Resolved | undefined {
  return typeof name === 'string' ? resolve(name) : undefined;
}

/** Whether an entry's prices change by date (o3's June 2025 cut) or time of day (DeepSeek's off-peak). */
export function priceConditionsOf(model: CatalogModelInfo): {
  byDate: boolean;
  byTimeOfDay: boolean;
} {
  const kinds = Array.isArray(model.prices) ? model.prices.map((p) => p.constraint?.type) : [];
  return { byDate: kinds.includes('start_date'), byTimeOfDay: kinds.includes('time_of_date') };
}

/**
 * The entry's prices at an instant (conditional prices resolved by calcPrice itself: start dates,
 * times of day). Without an instant, today's, at the time of day whose price holds for most of the
 * day (so a run without timestamps is not priced at DeepSeek's off-peak discount by chance).
 */
export function catalogPricesAt(name: string, at?: Date): ModelPrice | undefined {
  const r = resolve(name);
  if (!r) return undefined;
  return calcWith(r, {}, at ?? usualInstant(r)).model_price;
}

/** calcPrice on a resolved entry: its arithmetic (leaves, tiers, conditional prices), no search. */
export function calcWith(r: Resolved, usage: Usage, at: Date): PriceCalculation {
  const result = calcPrice(usage, r.entry.modelId, { provider: r.provider, timestamp: at });
  // The provider holds only this model and it matches any name: null would be a catalog change.
  if (!result) throw new Error(`genai-prices did not price ${r.entry.source}`);
  return result;
}

const usual = new Map<string, { day: string; at: Date }>();

/** Now, or for prices by time of day, today at the start of the half hour whose price is the most common. */
export function usualInstant(r: Resolved): Date {
  const now = new Date();
  if (!priceConditionsOf(r.model).byTimeOfDay) return now;
  const day = now.toISOString().slice(0, 10);
  const key = `${r.entry.providerId}\u0000${r.entry.modelId}`;
  const cached = usual.get(key);
  if (cached?.day === day) return cached.at;
  const counts = new Map<string, { n: number; at: Date }>();
  for (let half = 0; half < 48; half++) {
    const at = new Date(`${day}T00:00:00Z`);
    at.setUTCMinutes(half * 30);
    const price = JSON.stringify(calcWith(r, {}, at).model_price);
    const c = counts.get(price);
    counts.set(price, { n: (c?.n ?? 0) + 1, at: c?.at ?? at });
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0] as { at: Date };
  usual.set(key, { day, at: best.at });
  return best.at;
}

/** Every catalog model of the main providers, for a model picker: `provider: model id` and its name. */
export function catalogModels(
  providerIds: readonly string[] = ['anthropic', 'openai', 'google', 'deepseek', 'x-ai', 'mistral'],
): { providerId: string; modelId: string; modelName: string; contextWindow?: number }[] {
  return providerIds.flatMap((id) => {
    const p = findProvider({ providerId: id });
    return (p?.models ?? [])
      .filter((m) => !m.deprecated)
      .map((m) => ({
        providerId: p?.id ?? id,
        modelId: m.id,
        modelName: m.name ?? m.id,
        ...(m.context_window !== undefined ? { contextWindow: m.context_window } : {}),
      }));
  });
}

/** The prices of a request in USD per million tokens, its long-context tier applied. */
export interface TokenPrices {
  readonly input?: number;
  readonly output?: number;
  readonly cacheRead?: number;
  /** 5-minute writes (`cache_write_mtok`). */
  readonly cacheWrite?: number;
  readonly cacheWrite1h?: number;
}

const KEYS = {
  input: 'input_mtok',
  output: 'output_mtok',
  cacheRead: 'cache_read_mtok',
  cacheWrite: 'cache_write_mtok',
  cacheWrite1h: 'cache_write_1h_mtok',
} as const;

/**
 * A tiered price for a request of `inputTokens` (every prompt token, cached ones included): the last
 * tier it passes, for the whole request, as genai-prices' `calcPrice` applies it (a request above
 * 200k input tokens pays the long-context price on all its tokens, as Anthropic and Google bill).
 */
function rateOf(price: ModelPrice[string], inputTokens: number): number | undefined {
  if (price === undefined || typeof price === 'number') return price;
  let rate = price.base;
  for (const tier of [...price.tiers].sort((a, b) => a.start - b.start))
    if (inputTokens > tier.start) rate = tier.price;
  return rate;
}

/** The per-MTok prices a request of `inputTokens` pays (absent keys: the catalog has no such price). */
export function tokenPricesOf(price: ModelPrice, inputTokens = 0): TokenPrices {
  const out: Record<string, number> = {};
  for (const [k, key] of Object.entries(KEYS)) {
    const rate = rateOf(price[key], inputTokens);
    if (rate !== undefined) out[k] = rate;
  }
  return out as TokenPrices;
}

/** The tier a request of `inputTokens` falls in (its start, in input tokens), or undefined at base prices. */
export function tierStartOf(price: ModelPrice, inputTokens: number): number | undefined {
  let start: number | undefined;
  for (const key of Object.values(KEYS)) {
    const p = price[key];
    if (p === undefined || typeof p === 'number') continue;
    for (const tier of p.tiers)
      if (inputTokens > tier.start && (start === undefined || tier.start > start))
        start = tier.start;
  }
  return start;
}

/** The first tier's start over the token prices, for a flat sheet's long-context part. */
export function firstTierStart(price: ModelPrice): number | undefined {
  let start: number | undefined;
  for (const key of Object.values(KEYS)) {
    const p = price[key];
    if (p === undefined || typeof p === 'number') continue;
    for (const tier of p.tiers) if (start === undefined || tier.start < start) start = tier.start;
  }
  return start;
}
