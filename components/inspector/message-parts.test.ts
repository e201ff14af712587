import { describe, expect, it } from 'vitest';
import { DIALECTS, stepToMessages } from '../../lib/messages';
import { sampleRun } from '../../test/samples';
import { readableMessage } from './message-parts';

const tau = sampleRun('tau-bench-airline-task3.json');

describe('messages as a person reads them', () => {
  it.each(DIALECTS)('reads every message of a real run in the %s dialect', (dialect) => {
    for (const step of tau.steps) {
      for (const message of stepToMessages(step, dialect)) {
        const readable = readableMessage(message);
        expect(readable.role).not.toBe('message');
        // Nothing falls back to its JSON: every block is a known shape.
        const blocks: unknown[] = Array.isArray(message.content) ? message.content : [];
        const fallbacks = new Set(blocks.map((b) => JSON.stringify(b)));
        for (const part of readable.parts)
          if (part.kind === 'text') expect(fallbacks.has(part.text)).toBe(false);
      }
    }
  });

  it('keeps each call with its arguments and each result with its call, in chat completions and blocks', () => {
    const step = tau.steps[6];
    if (!step) throw new Error('no step 6');
    for (const dialect of ['openai', 'anthropic', 'strands'] as const) {
      const parts = stepToMessages(step, dialect).flatMap((m) => readableMessage(m).parts);
      expect(parts.map((p) => p.kind)).toEqual(['call', 'result']);
      expect(parts[0]).toMatchObject({
        name: 'get_user_details',
        id: 'call_I3WHVqSB8LfMWiSb44Q4ohBh',
        args: { user_id: 'sofia_kim_7287' },
      });
      expect(parts[1]).toMatchObject({ id: 'call_I3WHVqSB8LfMWiSb44Q4ohBh', error: false });
    }
  });
});
