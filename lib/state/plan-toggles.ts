/**
 * The plan view's toggles (seed 003's SUMMARY/FULL per plan step, and the call at which the model
 * expands a summarized one with `expand_step`), and their form in the URL: the summarized plan
 * steps' ids, each with `@<call>` when it is expanded at a call, comma-separated, e.g.
 * `plan=step-1,step-3@12`. Ids come from files, so each is percent-encoded (a comma or an `@` in an
 * id stays in it). FULL is the default and is never written.
 */

export type PlanVisibility = 'full' | 'summary';

export interface PlanToggles {
  /** Plan steps shown otherwise than in full, by plan step id. */
  readonly overrides: Readonly<Record<string, PlanVisibility>>;
  /** Per summarized plan step, the call at which the model expands it, as typed. */
  readonly expandAt: Readonly<Record<string, string>>;
}

export const NO_PLAN_TOGGLES: PlanToggles = { overrides: {}, expandAt: {} };

/** The toggles with one plan step set: back to FULL drops its override and its expand call. */
export function withVisibility(
  toggles: PlanToggles,
  id: string,
  visibility: PlanVisibility,
): PlanToggles {
  const { [id]: _old, ...overrides } = toggles.overrides;
  if (visibility === 'summary')
    return { ...toggles, overrides: { ...overrides, [id]: visibility } };
  const { [id]: _at, ...expandAt } = toggles.expandAt;
  return { overrides, expandAt };
}

/** The URL's `plan` value; undefined when every plan step is in full. */
export function encodePlanToggles(toggles: PlanToggles): string | undefined {
  const entries = Object.entries(toggles.overrides)
    .filter(([, v]) => v === 'summary')
    .map(([id]) => {
      const at = toggles.expandAt[id];
      return `${encodeURIComponent(id)}${at !== undefined && /^\d+$/.test(at) ? `@${at}` : ''}`;
    });
  return entries.length > 0 ? entries.join(',') : undefined;
}

/** Reads the URL's `plan` value; an entry that is not `<id>` or `<id>@<call>` is an error naming it. */
export function decodePlanToggles(text: string): PlanToggles {
  const overrides: Record<string, PlanVisibility> = {};
  const expandAt: Record<string, string> = {};
  for (const entry of text.split(',')) {
    const match = /^([^@]+)(?:@(\d+))?$/.exec(entry);
    let id: string | undefined;
    try {
      id = match?.[1] !== undefined ? decodeURIComponent(match[1]) : undefined;
    } catch {
      id = undefined;
    }
    if (!match || id === undefined)
      throw new Error(
        `"${entry}" is not a summarized plan step (expected <plan step id> or <plan step id>@<call>)`,
      );
    overrides[id] = 'summary';
    if (match[2] !== undefined) expandAt[id] = match[2];
  }
  return { overrides, expandAt };
}
