/**
 * An OpenCode compaction (anomalyco/opencode `packages/opencode/src/session/compaction.ts`,
 * `message-v2.ts` `filterCompacted`): a user message with a `compaction` part `{auto, overflow?,
 * tail_start_id?}` asks for a summary; the assistant message answering it (`parentID`) with
 * `summary: true` holds it. Once that summary finished without error, the model is sent the
 * compaction request, the summary, the messages from `tail_start_id` up to the request (the tail it
 * kept, when one is named) and what follows; every earlier message is dropped.
 */
import type { SummaryStep } from '../model/types';
import { type OpenCodeMessage, openCodeUsage } from './opencode-message';
import { isoToUnix, isRecord, type StepList, str } from './util';

/** Adds a summary message: the steps OpenCode dropped for it are the ones it replaces. */
export function addSummary(
  list: StepList,
  m: OpenCodeMessage,
  byId: ReadonlyMap<string, OpenCodeMessage>,
  firstStep: ReadonlyMap<string, number>,
): void {
  const text = m.parts
    .filter(({ part }) => part.type === 'text')
    .map(({ part }) => str(part.text ?? ''))
    .join('\n');
  const time = isRecord(m.info.time) ? isoToUnix(m.info.time.created) : undefined;
  const request = byId.get(str(m.info.parentID));
  const part = request?.parts.find(({ part: p }) => p.type === 'compaction')?.part;
  const finished = typeof m.info.finish === 'string' && m.info.error === undefined;
  const boundary = request ? firstStep.get(str(request.info.id)) : undefined;
  let replaces: string[] = [];
  if (!part || boundary === undefined)
    list.warn(
      'a summary message that answers no compaction request; it replaces nothing here',
      m.pointer,
    );
  else if (!finished)
    list.warn('a compaction summary that did not finish; OpenCode does not use it', m.pointer);
  else {
    const tail =
      typeof part.tail_start_id === 'string' ? firstStep.get(part.tail_start_id) : undefined;
    const gone = new Set(list.steps.flatMap((s) => (s.kind === 'summary' ? s.replaces : [])));
    replaces = list.steps
      .slice(0, boundary)
      .filter(
        (s, i) => !gone.has(s.id) && s.kind !== 'system-prompt' && (tail === undefined || i < tail),
      )
      .map((s) => s.id);
  }
  const u = openCodeUsage(m.info.tokens, m.info.cost);
  if (u)
    list.warn(
      `the compaction's own model call is not a step (input ${u.inputTokens ?? 0} uncached + ${u.cacheReadInputTokens ?? 0} cache reads, output ${u.outputTokens ?? 0}${u.costUsd === undefined ? '' : `, $${u.costUsd}`})`,
      m.pointer,
    );
  const step: Omit<SummaryStep, 'id' | 'stepNumber'> = {
    kind: 'summary',
    content: text,
    replaces,
    origin: 'model',
    ...(part && finished && boundary !== undefined
      ? {
          compaction: {
            recordedAs: 'summary message',
            ...(typeof part.auto === 'boolean' ? { trigger: part.auto ? 'auto' : 'manual' } : {}),
          },
        }
      : {}),
    ...(time === undefined ? {} : { timestamp: time }),
  };
  list.add(step, m.pointer);
}
