/**
 * Which tasks a benchmark's results file says were solved. Trajectories rarely say it themselves
 * (mini-swe-agent writes `Submitted` whether or not the patch passes); the evaluation writes it
 * next to them. Two shapes are read:
 *   - the SWE-bench harness report (`swebench.harness.run_evaluation`): `resolved_ids` with
 *     `completed_ids` or `submitted_ids` (those not resolved are unresolved);
 *   - a list of instances with their verdict, `{"instances": [{"instance_id", "resolved"}]}`
 *     (the gruckion/mini-swe-agent `results_summary.json` of the Gemini 3 Pro submission).
 */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;

export function resolvedByTask(value: unknown): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (isRecord(value) && Array.isArray(value.instances)) {
    for (const item of value.instances) {
      if (
        isRecord(item) &&
        typeof item.instance_id === 'string' &&
        typeof item.resolved === 'boolean'
      )
        out.set(item.instance_id, item.resolved);
    }
    if (out.size > 0) return out;
  }
  const resolved = isRecord(value) ? strings(value.resolved_ids) : undefined;
  if (isRecord(value) && resolved) {
    const ran = strings(value.completed_ids) ?? strings(value.submitted_ids) ?? [];
    for (const id of ran) out.set(id, false);
    for (const id of resolved) out.set(id, true);
    return out;
  }
  throw new Error(
    'not a results file: expected the SWE-bench harness report ("resolved_ids") or {"instances": [{"instance_id", "resolved"}]}',
  );
}
