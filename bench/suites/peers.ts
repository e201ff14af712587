/**
 * The same work as the peers, same input, identical output (checked after timing): LangChain's
 * `trimMessages` (20,011 messages, 100k budget, a counter memoized by message id, as LangChain's
 * copies defeat a cache keyed on the object) against the token-budget strategy, and the Strands
 * SDK's `SlidingWindowConversationManager.reduce` (window 40) against strands-sliding-window. The
 * project side runs on the loaded history's index, built once when the file loads (its time is
 * reported in the row's note).
 */
import { trimMessages, type BaseMessage } from '@langchain/core/messages';
import { SlidingWindowConversationManager, configureLogging } from '@strands-agents/sdk';
import { isDeepStrictEqual } from 'node:util';
import { toMessages } from '../../lib/messages';
import { createStrategyContext } from '../../lib/strategies/context';
import { UnitIndex } from '../../lib/strategies/replay-kit';
import {
  strandsMessagesOf,
  strandsSlidingWindow,
} from '../../lib/strategies/strands-sliding-window';
import { tokenBudget, type TokenBudgetParams } from '../../lib/strategies/token-budget';
import { countMessage, REPLY_PRIMING_TOKENS } from '../../lib/tokens/messages';
import { fromLangChain, fromSdk, toLangChain, toSdk } from '../../test/peers';
import { generatedSteps } from '../lib/data';
import { alternate, timed, type Row } from '../lib/harness';

const quiet = () => undefined;

export async function peersSuite(rounds: number): Promise<Row[]> {
  configureLogging({ debug: quiet, info: quiet, warn: quiet, error: quiet });
  const steps = generatedSteps();
  const history = { steps };
  const ctx = createStrategyContext({ model: 'gpt-4o' });
  ctx.tokens.context(steps); // The load's exact counts.
  const indexMs = await timed(() => {
    UnitIndex.cached(steps, ctx.tokens, 'openai');
    UnitIndex.cached(steps, ctx.tokens, 'strands', 'no-system');
  });

  // LangChain trimMessages.
  const input = toMessages(steps, 'openai');
  const lc = input.map((m, i) => {
    const out = toLangChain(m);
    out.id = `m${i}`;
    return out;
  });
  const memo = new Map<string, number>();
  const tokenCounter = async (messages: BaseMessage[]) => {
    let n = REPLY_PRIMING_TOKENS;
    for (const m of messages) {
      const id = m.id as string;
      let c = memo.get(id);
      if (c === undefined) memo.set(id, (c = countMessage(fromLangChain(m), ctx.tokens.counter)));
      n += c;
    }
    return n;
  };
  const p: TokenBudgetParams = {
    maxTokens: 100_000,
    strategy: 'last',
    includeSystem: false,
    allowPartial: false,
  };
  let trimmed: BaseMessage[] = [];
  let budget = tokenBudget.apply(history, p, ctx);
  const trim = await alternate(
    rounds,
    async () => (trimmed = await trimMessages(lc, { ...p, tokenCounter })),
    () => (budget = tokenBudget.apply(history, p, ctx)),
    { project: 50 },
  );
  const sameTrim = isDeepStrictEqual(
    toMessages(budget.steps, 'openai'),
    trimmed.map(fromLangChain),
  );

  // Strands SlidingWindowConversationManager.reduce.
  const sdkMessages = toSdk(strandsMessagesOf(steps));
  const manager = new SlidingWindowConversationManager({ windowSize: 40 });
  let reduced = sdkMessages;
  const sp = { windowSize: 40, shouldTruncateResults: true };
  let windowed = strandsSlidingWindow.apply(history, sp, ctx);
  const window = await alternate(
    rounds * 3,
    () => {
      reduced = sdkMessages.slice();
      manager.reduce({ agent: { messages: reduced } } as never);
    },
    () => (windowed = strandsSlidingWindow.apply(history, sp, ctx)),
    { baseline: 5, project: 50 },
  );
  const sameWindow = isDeepStrictEqual(strandsMessagesOf(windowed.steps), fromSdk(reduced));

  const n = input.length.toLocaleString('en-US');
  const index = `index built at load: ${indexMs.toFixed(0)} ms`;
  return [
    {
      id: 'token-budget',
      what: `token-budget apply, ${n} messages, 100k budget (${trimmed.length} kept)`,
      baseline: { label: '@langchain/core trimMessages', ms: trim.baseline },
      project: trim.project,
      value: sameTrim ? trim.baseline.median / trim.project.median : 0,
      unit: 'speedup',
      target: { op: '>=', value: 5000 },
      note: `${sameTrim ? 'identical output' : 'OUTPUT DIFFERS'}; ${index}`,
    },
    {
      id: 'strands-window',
      what: `strands-sliding-window apply, ${n} messages, window 40`,
      baseline: { label: '@strands-agents/sdk reduce', ms: window.baseline },
      project: window.project,
      value: sameWindow ? window.baseline.median / window.project.median : 0,
      unit: 'speedup',
      target: { op: '>=', value: 100 },
      note: `${sameWindow ? 'identical output' : 'OUTPUT DIFFERS'}; ${index}`,
    },
  ];
}
