/**
 * The strategies a fleet is compared on, as the CLI's `--strategies` names them: preset ids
 * (lib/compare/presets.ts: a framework's strategy with its trigger and mode) or strategy ids (their
 * defaults, before every call), comma-separated; or the compare view's own URL form
 * (`?compare=…`, lib/compare/config.ts), which carries parameters, triggers and modes.
 */
import { decodeChoices } from '../compare/config';
import { PRESETS } from '../compare/presets';
import { getStrategy, STRATEGIES } from '../strategies';
import type { NamedChoice } from './run';

export function resolveStrategies(spec: string): NamedChoice[] {
  const trimmed = spec.trim();
  if (trimmed === '') throw new Error('--strategies is empty');
  if (/[@~|]/.test(trimmed)) {
    const parts = trimmed.split('|');
    return decodeChoices(trimmed).map((choice, i) => ({ id: parts[i] as string, choice }));
  }
  const ids = trimmed.split(',').map((s) => s.trim());
  const seen = new Set<string>();
  return ids.map((id) => {
    if (seen.has(id)) throw new Error(`--strategies names "${id}" twice`);
    seen.add(id);
    const preset = PRESETS.find((p) => p.id === id);
    if (preset) return { id, choice: preset.choice };
    try {
      getStrategy(id);
    } catch {
      throw new Error(
        `unknown strategy or preset "${id}" (presets: ${PRESETS.map((p) => p.id).join(', ')}; strategies: ${STRATEGIES.map((s) => s.id).join(', ')})`,
      );
    }
    return { id, choice: { strategyId: id, params: {} } };
  });
}
