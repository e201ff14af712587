import { describe, expect, it } from 'vitest';
import { STRATEGIES, type Strategy } from '../strategies';
import { paramFields } from './param-fields';

describe('parameter forms read people’s labels from each strategy’s schema', () => {
  const fields = STRATEGIES.flatMap((s) =>
    paramFields(s as Strategy<unknown>).map((f) => ({ strategy: s.id, ...f })),
  );

  it.each(STRATEGIES.map((s) => s.id))('%s: every parameter has a label and a help line', (id) => {
    for (const f of fields.filter((x) => x.strategy === id)) {
      expect(f.label, `${id}.${f.name}`).not.toBe(f.name);
      expect(f.label.length, `${id}.${f.name}`).toBeLessThanOrEqual(40);
      expect(f.description, `${id}.${f.name}`).toBeTruthy();
    }
  });

  it('names the upstream parameter, and keeps the key --params takes', () => {
    const keep = fields.find((f) => f.strategy === 'keep-last-n-steps' && f.name === 'n');
    expect(keep).toMatchObject({
      label: 'Steps kept',
      upstream: 'keep_last_n_steps(n); seed 004 prune_keep_last',
      default: 5,
    });
    const clear = fields.find((f) => f.strategy === 'clear-tool-uses' && f.name === 'clearAtLeast');
    expect(clear).toMatchObject({ label: 'Clear at least (tokens)', upstream: 'clear_at_least' });
    const obs = fields.find(
      (f) => f.strategy === 'prune-old-observations' && f.name === 'recordMaxLength',
    );
    expect(obs?.upstream).toBe('MAX_OBS_LEN');
  });

  it('cites no parameter value in a strategy’s source, where it could contradict the form', () => {
    for (const s of STRATEGIES)
      expect(s.source, s.id).not.toMatch(/=\s*\d|\b\d+k\b|\bkeep \d|\bat 0\.\d|~\d/);
  });
});
