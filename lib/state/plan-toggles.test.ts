import { describe, expect, it } from 'vitest';
import {
  decodePlanToggles,
  encodePlanToggles,
  NO_PLAN_TOGGLES,
  withVisibility,
  type PlanToggles,
} from './plan-toggles';

describe('plan toggles in the URL', () => {
  it('reads what it writes, ids with commas, @ and spaces included; full is never written', () => {
    const toggles: PlanToggles = {
      overrides: { '1': 'summary', 'plan, step @2': 'summary' },
      expandAt: { '1': '12' },
    };
    const text = encodePlanToggles(toggles);
    expect(text).toBe('1@12,plan%2C%20step%20%402');
    expect(decodePlanToggles(text ?? '')).toEqual(toggles);
    expect(encodePlanToggles(NO_PLAN_TOGGLES)).toBeUndefined();
    expect(encodePlanToggles({ overrides: { a: 'full' }, expandAt: {} })).toBeUndefined();
    // An expand call still being typed (not a number) stays out of the link.
    expect(encodePlanToggles({ overrides: { a: 'summary' }, expandAt: { a: '' } })).toBe('a');
  });

  it('names an entry it cannot read', () => {
    expect(() => decodePlanToggles('a,@3')).toThrow(
      '"@3" is not a summarized plan step (expected <plan step id> or <plan step id>@<call>)',
    );
    expect(() => decodePlanToggles('a@x')).toThrow('"a@x" is not a summarized plan step');
    expect(() => decodePlanToggles('%E0%A4%A')).toThrow('"%E0%A4%A" is not a summarized');
  });

  it('forgets the expand call of a plan step set back to full', () => {
    const summarized = withVisibility(NO_PLAN_TOGGLES, 's1', 'summary');
    const expanded = { ...summarized, expandAt: { s1: '4' } };
    expect(withVisibility(expanded, 's1', 'full')).toEqual(NO_PLAN_TOGGLES);
  });
});
