/**
 * Differential test: our Strands port against the real SlidingWindowConversationManager from
 * @strands-agents/sdk, on real fixture histories and generated ones.
 */
import type { Message } from '@strands-agents/sdk';
import { SlidingWindowConversationManager, configureLogging } from '@strands-agents/sdk';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../lib/import';
import type { StrandsMessage } from '../lib/messages/types';
import type { Step } from '../lib/model/types';
import { createStrategyContext } from '../lib/strategies/context';
import { applyManagement, reduceContext } from '../lib/strategies/strands-core';
import { strandsMessagesOf, strandsSlidingWindow } from '../lib/strategies/strands-sliding-window';
import { stepsArb } from './arbitraries';
import { fromSdk, toSdk } from './peers';

// The SDK warns on every untrimmable window; the test compares outcomes, not logs.
const quiet = () => undefined;
configureLogging({ debug: quiet, info: quiet, warn: quiet, error: quiet });

type SdkManager = {
  _applyManagement(messages: Message[]): void;
  _reduceContext(messages: Message[], error?: Error): boolean;
};

function sdkApply(messages: readonly StrandsMessage[], windowSize: number) {
  const sdkMessages = toSdk(messages);
  (new SlidingWindowConversationManager({ windowSize }) as unknown as SdkManager)._applyManagement(
    sdkMessages,
  );
  return fromSdk(sdkMessages);
}

function oursApply(messages: readonly StrandsMessage[], windowSize: number) {
  return applyManagement(
    messages.map((message, origin) => ({ message, origin })),
    windowSize,
  ).map((t) => t.message);
}

const fixture = (path: string): Step[] => {
  const text = readFileSync(new URL(path, import.meta.url), 'utf8');
  return importText(text, path).file.histories[0]?.steps as Step[];
};
const tau = fixture(
  './fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
);

describe('strands-sliding-window matches @strands-agents/sdk', () => {
  it('on a real tau-bench history, for every window size', () => {
    const messages = strandsMessagesOf(tau);
    expect(messages.length).toBeGreaterThan(40);
    for (let windowSize = 0; windowSize <= messages.length + 1; windowSize++) {
      expect(oursApply(messages, windowSize), `window ${windowSize}`).toEqual(
        sdkApply(messages, windowSize),
      );
    }
  });

  it('trims the real history at its default window of 40 and maps the result back to steps', () => {
    const ctx = createStrategyContext({ contextWindow: 10_000_000 });
    const result = strandsSlidingWindow.apply(
      { steps: tau },
      { windowSize: 40, shouldTruncateResults: true },
      ctx,
    );
    expect(result.fates.some((f) => f.kind === 'removed')).toBe(true);
    expect(result.steps[0]?.kind).toBe('system-prompt');
    expect(strandsMessagesOf(result.steps)).toEqual(sdkApply(strandsMessagesOf(tau), 40));
  });

  it('on generated histories: window check and overflow reduction', () => {
    fc.assert(
      fc.property(
        stepsArb(30),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        (steps, windowSize, truncate) => {
          const messages = strandsMessagesOf(steps);
          expect(oursApply(messages, windowSize)).toEqual(sdkApply(messages, windowSize));
          // The overflow path: `reduce` with a context-window error.
          const sdkMessages = toSdk(messages);
          const manager = new SlidingWindowConversationManager({
            windowSize,
            shouldTruncateResults: truncate,
          }) as unknown as SdkManager;
          const sdkReduced = manager._reduceContext(sdkMessages, new Error('overflow'));
          const ours = reduceContext(
            messages.map((message, origin) => ({ message, origin })),
            windowSize,
            { overflow: true, shouldTruncateResults: truncate },
          );
          expect(ours.reduced).toBe(sdkReduced);
          expect(ours.messages.map((t) => t.message)).toEqual(fromSdk(sdkMessages));
          // The strategy maps its decision back to steps without changing it.
          const ctx = createStrategyContext({ contextWindow: 10_000_000 });
          const result = strandsSlidingWindow.apply(
            { steps },
            { windowSize, shouldTruncateResults: truncate },
            ctx,
          );
          expect(strandsMessagesOf(result.steps)).toEqual(sdkApply(messages, windowSize));
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });
});
