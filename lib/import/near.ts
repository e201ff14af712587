/**
 * Near schemas (refusal.ts) for JSONL whose records are told apart by a field: the union of the
 * format's own record shapes (the keys a refusal weighs when it decides which format a file came
 * closest to), then the first record that does not fit its shape (so a refusal points at its line
 * and field), then what the whole file lacks.
 */
import { z, type ZodType } from 'zod';
import { isRecord } from './guards';

type Rec = Record<string, unknown>;

export function nearRecords(
  shapes: readonly ZodType[],
  shapeOf: (record: Rec, index: number, records: readonly Rec[]) => ZodType | undefined,
  whole: readonly (readonly [holds: (records: readonly Rec[]) => boolean, message: string])[] = [],
) {
  return z
    .array(z.union([...shapes, z.record(z.string(), z.unknown())]))
    .min(1)
    .superRefine((value, ctx) => {
      // Each element passed a record shape (or the record itself): the filter keeps every one.
      const rs = value.filter(isRecord);
      for (const [i, r] of rs.entries()) {
        const issue = shapeOf(r, i, rs)?.safeParse(r).error?.issues[0];
        if (issue) {
          ctx.addIssue({ code: 'custom', path: [i, ...issue.path], message: issue.message });
          return;
        }
      }
      for (const [holds, message] of whole)
        if (!holds(rs)) {
          ctx.addIssue({ code: 'custom', path: [], message });
          return;
        }
    });
}

/** The shape of a record kind, by its own key only (a `type` of `__proto__` is no kind). */
export const kindOf = (kinds: Readonly<Record<string, ZodType>>, type: unknown) =>
  typeof type === 'string' && Object.hasOwn(kinds, type) ? kinds[type] : undefined;
