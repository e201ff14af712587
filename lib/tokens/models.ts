/**
 * Models: our curated table (the app's model menus; which tokenizer counts a model exactly, its
 * context window from the provider's model page) and every other model the price catalog knows
 * (lib/pricing/catalog.ts: genai-prices' context windows and prices). Prices come from the catalog
 * only; the table keeps what the catalog does not say (tokenizers, windows it lacks or states
 * wrongly). Prompt-cache mechanics (minimum prefix, increments, lifetime) are the providers' rules,
 * here. Only OpenAI models use the tokenizers we ship; every other model's count is an estimate.
 */
import {
  catalogPricesAt,
  makerNameOf,
  resolveModel,
  tokenPricesOf,
  type CatalogModel,
} from '../pricing/catalog';
import { overrideFor, type PriceOverrides } from '../pricing/overrides';
import { findTokenizer, type TokenizerId } from './tokenizer';

export interface ModelInfo {
  readonly id: string;
  readonly label: string;
  readonly contextWindow: number;
  /** Neither our table nor the catalog gives a window: `contextWindow` is the assumed default. */
  readonly contextWindowAssumed?: true;
  /** The tokenizer that counts this model exactly, if we ship it. */
  readonly exactTokenizer?: TokenizerId;
  /** Catalog list price in USD per million input tokens (base tier, today), for the model menus. */
  readonly inputUsdPerMTok?: number;
  /** How the provider bills a cached prompt prefix; absent: the catalog has no cached price. */
  readonly cache?: ModelCache;
  /** The name the catalog knows the model by, when it is not `id` (`claude-haiku-4` → 4.5). */
  readonly catalogName?: string;
  /** Where its prices come from (`genai-prices 0.1.8 (pydantic/genai-prices), openai: gpt-4o`). */
  readonly source?: string;
}

export type CacheProvider = 'anthropic' | 'openai' | 'google' | 'deepseek' | 'xai';

/** How a provider's prompt cache works, whatever it charges. */
export interface CacheMechanics {
  readonly provider: CacheProvider;
  /** A prefix shorter than this is never cached. */
  readonly minCacheableTokens: number;
  /** Hits come in multiples of this many tokens past the minimum (OpenAI: 128). */
  readonly granularity: number;
  /** Seconds an unused cached prefix lives (Anthropic's default 5 minutes). */
  readonly ttlSeconds?: number;
}

/** A model's prompt-cache terms: its provider's mechanics, the catalog's prices. */
export interface ModelCache extends CacheMechanics {
  /** USD per million input tokens read from the cache. */
  readonly cachedInputUsdPerMTok: number;
  /** USD per million tokens written to the cache; absent: new input costs the plain input price. */
  readonly cacheWriteUsdPerMTok?: number;
}

/** One-line citation of each provider's rules, for price sheets' `source`. */
export const CACHE_RULES_SOURCE: Readonly<Record<CacheProvider, string>> = {
  anthropic: 'Anthropic "Prompt caching" (minimum 1,024-4,096 tokens by model, 5-minute lifetime)',
  openai: 'OpenAI "Prompt caching" (1,024-token minimum, 128-token steps, 5-10 minutes)',
  google: 'Gemini implicit caching (minimum 1,024 Flash / 2,048 Pro)',
  deepseek: 'DeepSeek context caching (64-token units)',
  xai: 'xAI cached input',
};

/**
 * Anthropic "Prompt caching", cache limitations: 4,096 tokens for Claude Opus 4.5 and Haiku 4.5;
 * 2,048 for Haiku 3.5 and 3; 1,024 for Sonnet 4.5, 4, 3.7 and Opus 4.1, 4. A model the page did
 * not list when this was written takes 1,024, the smallest (caching may then be overestimated).
 */
function anthropicMinimum(model: string): number {
  if (/(opus|haiku)-4[-.]5|4[-.]5-(opus|haiku)/.test(model)) return 4096;
  if (/haiku-3|3[-.]5?-?haiku/.test(model)) return 2048;
  return 1024;
}

/**
 * The provider whose cache rules apply to a model: its maker, read from the name (Claude on Vertex
 * or Bedrock caches as Anthropic does), else the catalog's provider. Undefined: no known rules.
 */
export function cacheProviderOf(
  providerId: string | undefined,
  model: string,
): CacheProvider | undefined {
  const m = model.toLowerCase();
  if (m.includes('claude')) return 'anthropic';
  if (m.includes('gemini')) return 'google';
  if (m.includes('deepseek')) return 'deepseek';
  if (m.includes('grok')) return 'xai';
  if (/(^|[/.])(gpt-|o\d|chatgpt-)/.test(m)) return 'openai';
  const byId: Readonly<Record<string, CacheProvider>> = {
    anthropic: 'anthropic',
    openai: 'openai',
    google: 'google',
    deepseek: 'deepseek',
    'x-ai': 'xai',
  };
  return providerId !== undefined ? byId[providerId] : undefined;
}

/** A provider's cache mechanics for a model. */
export function cacheMechanicsOf(provider: CacheProvider, model: string): CacheMechanics {
  switch (provider) {
    // Reads 0.1x input, 5-minute writes 1.25x, 1-hour writes 2x; automatic caching moves the
    // breakpoint to the end of every request.
    case 'anthropic':
      return {
        provider,
        minCacheableTokens: anthropicMinimum(model),
        granularity: 1,
        ttlSeconds: 300,
      };
    // Automatic for prompts of 1,024 tokens or more, hits in 128-token increments, no write charge;
    // caches are cleared after 5-10 minutes of inactivity (we take 5).
    case 'openai':
      return { provider, minCacheableTokens: 1024, granularity: 128, ttlSeconds: 300 };
    // Gemini 2.5 implicit caching: minimum 1,024 (Flash) / 2,048 (Pro) tokens, no stated lifetime.
    case 'google':
      return { provider, minCacheableTokens: /pro/.test(model) ? 2048 : 1024, granularity: 1 };
    // DeepSeek caches on disk in 64-token units.
    case 'deepseek':
      return { provider, minCacheableTokens: 64, granularity: 64 };
    case 'xai':
      return { provider, minCacheableTokens: 1, granularity: 1 };
  }
}

/** OpenAI's tokenizers (tiktoken's model map): o200k from GPT-4o on, cl100k for GPT-4 and 3.5. */
function openaiTokenizer(modelId: string): TokenizerId | undefined {
  const id = modelId.split('/').at(-1) as string;
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.\d|gpt-5|o\d)/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(id)) return 'cl100k_base';
  return undefined;
}

interface TableEntry {
  readonly id: string;
  readonly label: string;
  readonly contextWindow: number;
  readonly exactTokenizer?: TokenizerId;
  readonly catalogName?: string;
  /** Catalog entries this row also stands for (its label covers them: `Claude Opus 4 / 4.1`). */
  readonly alsoCatalogIds?: readonly string[];
}

/** The curated models: context windows from the providers' model pages (2026). */
const TABLE: readonly TableEntry[] = [
  { id: 'gpt-5', label: 'GPT-5', contextWindow: 400_000, exactTokenizer: 'o200k_base' },
  { id: 'gpt-4.1', label: 'GPT-4.1', contextWindow: 1_047_576, exactTokenizer: 'o200k_base' },
  { id: 'gpt-4o', label: 'GPT-4o', contextWindow: 128_000, exactTokenizer: 'o200k_base' },
  { id: 'gpt-4o-mini', label: 'GPT-4o mini', contextWindow: 128_000, exactTokenizer: 'o200k_base' },
  { id: 'o3', label: 'o3', contextWindow: 200_000, exactTokenizer: 'o200k_base' },
  { id: 'o4-mini', label: 'o4-mini', contextWindow: 200_000, exactTokenizer: 'o200k_base' },
  {
    id: 'gpt-4-turbo',
    label: 'GPT-4 Turbo',
    contextWindow: 128_000,
    exactTokenizer: 'cl100k_base',
  },
  { id: 'gpt-4', label: 'GPT-4 (8k)', contextWindow: 8_192, exactTokenizer: 'cl100k_base' },
  {
    id: 'gpt-3.5-turbo',
    label: 'GPT-3.5 Turbo',
    contextWindow: 16_385,
    exactTokenizer: 'cl100k_base',
  },
  {
    id: 'claude-opus-4',
    label: 'Claude Opus 4 / 4.1',
    contextWindow: 200_000,
    alsoCatalogIds: ['claude-opus-4-1'],
  },
  { id: 'claude-opus-4-5', label: 'Claude Opus 4.5', contextWindow: 200_000 },
  {
    id: 'claude-sonnet-4',
    label: 'Claude Sonnet 4.x',
    contextWindow: 200_000,
    alsoCatalogIds: ['claude-sonnet-4-5'],
  },
  {
    id: 'claude-haiku-4',
    label: 'Claude Haiku 4.5',
    contextWindow: 200_000,
    catalogName: 'claude-haiku-4-5',
  },
  { id: 'claude-3-7-sonnet', label: 'Claude 3.7 Sonnet', contextWindow: 200_000 },
  { id: 'claude-3-5-sonnet', label: 'Claude 3.5 Sonnet', contextWindow: 200_000 },
  // The catalog gives Gemini 2.5 Pro no window; Google's model page says 1,048,576.
  { id: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro', contextWindow: 1_048_576 },
  { id: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash', contextWindow: 1_048_576 },
  // The catalog gives Gemini 3 Pro Preview no window either; Google's model page: 1,048,576 input.
  { id: 'gemini-3-pro-preview', label: 'Gemini 3 Pro Preview', contextWindow: 1_048_576 },
  { id: 'grok-3', label: 'Grok 3', contextWindow: 131_072 },
  { id: 'llama-3.1-70b', label: 'Llama 3.1 70B', contextWindow: 131_072 },
  // The catalog says 64,000 (DeepSeek V3 at launch); the API serves 128K since V3.1 (August 2025).
  { id: 'deepseek-chat', label: 'DeepSeek V3', contextWindow: 128_000 },
  { id: 'qwen2.5-coder-32b', label: 'Qwen2.5 Coder 32B', contextWindow: 32_768 },
];

/** Catalog prices (today's, base tier) and the provider's cache mechanics, for a catalog entry. */
function pricedFields(
  entry: CatalogModel,
  name: string,
): Pick<ModelInfo, 'inputUsdPerMTok' | 'cache' | 'source'> {
  const price = catalogPricesAt(name);
  const rates = price ? tokenPricesOf(price) : {};
  const provider = cacheProviderOf(entry.providerId, entry.modelId);
  const cache: ModelCache | undefined =
    provider && rates.input !== undefined && rates.cacheRead !== undefined
      ? {
          ...cacheMechanicsOf(provider, entry.modelId),
          cachedInputUsdPerMTok: rates.cacheRead,
          ...(rates.cacheWrite !== undefined ? { cacheWriteUsdPerMTok: rates.cacheWrite } : {}),
        }
      : undefined;
  return {
    ...(rates.input !== undefined ? { inputUsdPerMTok: rates.input } : {}),
    ...(cache ? { cache } : {}),
    source: entry.source,
  };
}

const catalogIdsOf = new Map<string, readonly string[]>();

export const MODELS: readonly ModelInfo[] = TABLE.map((t) => {
  const name = t.catalogName ?? t.id;
  const entry = resolveModel(name);
  catalogIdsOf.set(t.id, [...(entry ? [entry.modelId] : []), ...(t.alsoCatalogIds ?? [])]);
  return {
    id: t.id,
    label: t.label,
    contextWindow: t.contextWindow,
    ...(t.exactTokenizer ? { exactTokenizer: t.exactTokenizer } : {}),
    ...(t.catalogName ? { catalogName: t.catalogName } : {}),
    ...(entry ? pricedFields(entry, name) : {}),
  };
});

/**
 * The context window assumed for a model neither the table nor the catalog knows (GPT-4o's): a
 * window must be some number. Never a price: an unknown model has no cost (lib/pricing).
 */
export const DEFAULT_MODEL = 'gpt-4o';
const DEFAULT_WINDOW = 128_000;

/** The table row whose id the name contains, the longest. */
function tableModel(id: string): ModelInfo | undefined {
  let best: ModelInfo | undefined;
  for (const m of MODELS)
    if (id.includes(m.id) && (!best || m.id.length > best.id.length)) best = m;
  return best;
}

const MAX_CACHED = 5_000;
const found = new Map<string, ModelInfo | null>();

/**
 * The model entry for an id as histories write it ("openai/gpt-4o-2024-08-06",
 * "claude-sonnet-4-5-20250929", "us.anthropic.claude-3-7-sonnet..."): the table row whose id it
 * contains, unless the catalog resolves the name to another model than the row stands for (a later
 * version: `claude-opus-4-7` is not the `claude-opus-4` row), then the catalog's entry (its prices
 * where it is hosted: Bedrock's regional endpoints, a router).
 */
export function findModel(modelId: string | undefined): ModelInfo | undefined {
  // A file's own value: a model field may hold anything.
  if (typeof modelId !== 'string' || modelId === '') return undefined;
  const id = modelId.toLowerCase();
  const hit = found.get(id);
  if (hit !== undefined) return hit ?? undefined;
  if (found.size >= MAX_CACHED) found.clear();
  const row = tableModel(id);
  const entry = resolveModel(id);
  // Which model the catalog says it is, by its maker's id (a router's or a cloud's entry for the
  // same model has another id: openrouter's `openai/gpt-4o`, Bedrock's `regional.anthropic.…`).
  const maker = entry && (resolveModel(makerNameOf(id))?.modelId ?? entry.modelId);
  let model: ModelInfo | undefined = row;
  if (entry && !(row && maker && catalogIdsOf.get(row.id)?.includes(maker))) {
    const tokenizer =
      cacheProviderOf(entry.providerId, entry.modelId) === 'openai'
        ? openaiTokenizer(entry.modelId)
        : undefined;
    model = {
      id: entry.modelId,
      label: entry.modelName,
      // The name resolves; the catalog's own id may not (Bedrock's `regional.` ids).
      catalogName: id,
      contextWindow: entry.contextWindow ?? DEFAULT_WINDOW,
      ...(entry.contextWindow === undefined ? { contextWindowAssumed: true as const } : {}),
      ...(tokenizer ? { exactTokenizer: tokenizer } : {}),
      ...pricedFields(entry, id),
    };
  }
  found.set(id, model ?? null);
  return model;
}

/** The model's context window; GPT-4o's 128,000 when nothing knows it (`contextWindowKnown` says so). */
export function contextWindowFor(modelId: string | undefined, overrides?: PriceOverrides): number {
  const given = overrideFor(modelId, overrides)?.price.contextWindow;
  if (given !== undefined) return given;
  const model = findModel(modelId);
  return model && !model.contextWindowAssumed ? model.contextWindow : DEFAULT_WINDOW;
}

/** Whether the window `contextWindowFor` gives is the model's own, not the assumed default. */
export function contextWindowKnown(
  modelId: string | undefined,
  overrides?: PriceOverrides,
): boolean {
  if (overrideFor(modelId, overrides)?.price.contextWindow !== undefined) return true;
  const model = findModel(modelId);
  return model !== undefined && !model.contextWindowAssumed;
}

/** True when counts for `modelId` with `tokenizer` are estimates, not the model's own tokenizer. */
export function isEstimate(modelId: string | undefined, tokenizer: TokenizerId): boolean {
  const model = findModel(modelId);
  return tokenizer === 'heuristic' || model?.exactTokenizer !== tokenizer;
}

/** What counts with a tokenizer are for a model: exact only when the model bills with it. */
export interface CountingLabel {
  /** The counts are the model's own. */
  readonly exact: boolean;
  /** "o200k: exact for GPT-4o", "o200k: approximate for Claude Opus 4.5". */
  readonly text: string;
}

/**
 * Says whether a tokenizer's counts are exact for the run's model: o200k counts GPT-4o exactly and
 * Claude only approximately (Claude bills with its own tokenizer; the usage view measures the ratio
 * on the run). A run that names no model is counted exactly for nobody in particular.
 */
export function countingLabel(tokenizer: TokenizerId, modelId: string | undefined): CountingLabel {
  const info = findTokenizer(tokenizer);
  const name = info?.short ?? tokenizer;
  if (!info?.exact) return { exact: false, text: `${name}: an estimate for every model` };
  const model = findModel(modelId);
  const label = model?.label ?? modelId;
  if (label === undefined)
    return {
      exact: false,
      text: `${name}: the file names no model, so exact for none in particular`,
    };
  return isEstimate(modelId, tokenizer)
    ? { exact: false, text: `${name}: approximate for ${label}` }
    : { exact: true, text: `${name}: exact for ${label}` };
}
