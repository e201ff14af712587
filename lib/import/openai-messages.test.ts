import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpenAIMessage, openAIMessageSchema } from './openai-messages';

/** Values near a message: each field a valid value, a wrong-typed one, or absent. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.option(fc.oneof(valid, fc.jsonValue({ maxDepth: 2 })), { nil: undefined });

const toolCall = fc.record(
  {
    id: field(fc.string()),
    type: field(fc.constant('function')),
    function: field(fc.record({ name: field(fc.string()), arguments: field(fc.string()) })),
  },
  { requiredKeys: [] },
);
const block = fc.record(
  { type: field(fc.constantFrom('text', 'image_url')), text: field(fc.string()) },
  { requiredKeys: [] },
);
const nearMessage = fc.record(
  {
    role: field(fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'function')),
    content: field(fc.oneof(fc.string(), fc.constant(null), fc.array(block, { maxLength: 3 }))),
    tool_calls: field(fc.oneof(fc.constant(null), fc.array(toolCall, { maxLength: 3 }))),
    tool_call_id: field(fc.string()),
    name: field(fc.string()),
    extra: field(fc.string()),
  },
  { requiredKeys: [] },
);

describe('isOpenAIMessage', () => {
  it('accepts exactly what the zod schema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(nearMessage, fc.jsonValue({ maxDepth: 3 })), (m) => {
        expect(isOpenAIMessage(m)).toBe(openAIMessageSchema.safeParse(m).success);
      }),
      { numRuns: 5000 },
    );
  });
});
