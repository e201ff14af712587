/**
 * A strategy's parameter form, read from its zod schema (through zod's JSON Schema): one field per
 * parameter with its type, default, bounds, choices, its human label and help line (the schema's
 * `.meta({ title })` and `.describe()`), and the name its upstream source gives it
 * (`.meta({ upstream })`, shown in small print). The UI renders these; no strategy needs form code
 * of its own. The CLI's `--params` keeps the parameter names (`name`).
 */
import { z } from 'zod';
import { unknownParamProblem } from '../strategies';
import type { Strategy } from '../strategies/types';

export interface ParamField {
  /** The key `--params` and the URL take. */
  readonly name: string;
  /** What a person reads ("Steps kept"); the name when the schema gives no title. */
  readonly label: string;
  /** Where the parameter comes from: its upstream name ("keep_last_n_steps(n)"), when it has one. */
  readonly upstream?: string;
  readonly kind: 'integer' | 'number' | 'boolean' | 'enum' | 'string' | 'json';
  /** One line of help. */
  readonly description?: string;
  readonly default?: unknown;
  readonly min?: number;
  readonly max?: number;
  readonly options?: readonly string[];
  readonly optional: boolean;
}

interface JsonSchemaProp {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  title?: string;
  upstream?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export function paramFields(strategy: Strategy<unknown>): ParamField[] {
  const schema = z.toJSONSchema(strategy.paramsSchema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchemaProp>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
    const kind: ParamField['kind'] = p.enum
      ? 'enum'
      : type === 'integer'
        ? 'integer'
        : type === 'number'
          ? 'number'
          : type === 'boolean'
            ? 'boolean'
            : type === 'string'
              ? 'string'
              : 'json';
    return {
      name,
      label: p.title ?? name,
      ...(p.upstream ? { upstream: p.upstream } : {}),
      kind,
      optional: !(schema.required ?? []).includes(name) && p.default === undefined,
      ...(p.description ? { description: p.description } : {}),
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...((p.minimum ?? p.exclusiveMinimum) !== undefined
        ? { min: (p.minimum ?? p.exclusiveMinimum) as number }
        : {}),
      ...((p.maximum ?? p.exclusiveMaximum ?? Infinity) < 1e15
        ? { max: (p.maximum ?? p.exclusiveMaximum) as number }
        : {}),
      ...(p.enum ? { options: p.enum.map(String) } : {}),
    };
  });
}

/** The first problem with a set of parameters, as a person reads it ("n: too small: expected >= 1"). */
export function paramsProblem(strategy: Strategy<unknown>, params: unknown): string | undefined {
  const unknown = unknownParamProblem(strategy, params);
  if (unknown) return unknown;
  const parsed = strategy.paramsSchema.safeParse(params);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return issue ? `${issue.path.join('.') || 'parameters'}: ${issue.message}` : 'invalid parameters';
}
