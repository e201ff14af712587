/**
 * Strands messages (role and content blocks: text, toolUse, toolResult, images, reasoning) to steps,
 * the shape every Strands source shares. Part of the Strands importer (strands.ts).
 */
import { z } from 'zod';
import type { ToolCall } from '../model/types';
import type { StepList } from './util';
import { imagePlaceholder, isRecord, keptArguments, str } from './util';
import { parsedBy } from './types';

export const contentBlock = z
  .record(z.string(), z.unknown())
  .refine((b) => !('type' in b) && Object.keys(b).length >= 1, 'a Strands block has no "type"');
export const strandsMessage = z.object({
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.array(contentBlock),
});
export const messages = z.array(strandsMessage).min(1);
export const KNOWN_BLOCKS = [
  'text',
  'toolUse',
  'toolResult',
  'image',
  'reasoningContent',
  'document',
  'video',
  'cachePoint',
  'guardContent',
  'citationsContent',
];

export function isStrandsMessages(value: unknown): boolean {
  const parsed = parsedBy(messages, value);
  return (
    parsed !== undefined &&
    parsed.some((m) => m.content.some((b) => KNOWN_BLOCKS.some((k) => k in b)))
  );
}

export function resultText(content: unknown): string {
  if (!Array.isArray(content))
    return typeof content === 'string' ? content : JSON.stringify(content ?? '');
  return content
    .map((c) => {
      if (!isRecord(c)) return str(c);
      if (typeof c.text === 'string') return c.text;
      if ('json' in c) return JSON.stringify(c.json);
      if (isRecord(c.image))
        return imagePlaceholder(`image/${str(c.image.format ?? '')}`, undefined);
      return JSON.stringify(c);
    })
    .join('\n');
}

/** Appends a Strands conversation's steps; `timeOf(i)` gives a message's time when the format has one. */
export function addStrandsMessages(
  list: StepList,
  msgs: readonly z.infer<typeof strandsMessage>[],
  pointerOf: (i: number) => string,
  timeOf: (i: number) => number | undefined = () => undefined,
): void {
  const unknown = new Map<string, number>();
  msgs.forEach((m, i) => {
    const pointer = pointerOf(i);
    const timestamp = timeOf(i);
    const time = timestamp === undefined ? {} : { timestamp };
    const texts: string[] = [];
    const thoughts: string[] = [];
    const calls: ToolCall[] = [];
    for (const b of m.content) {
      if (typeof b.text === 'string') texts.push(b.text);
      else if (isRecord(b.toolUse))
        calls.push({
          id: str(b.toolUse.toolUseId ?? ''),
          name: str(b.toolUse.name ?? ''),
          arguments: keptArguments(b.toolUse.input),
        });
      else if (isRecord(b.toolResult)) {
        const r = b.toolResult;
        const id = str(r.toolUseId ?? '');
        const text = resultText(r.content);
        if (!list.linkResult(id, text, r.status === 'error')) {
          list.warn(
            `message ${i}: a tool result answers no earlier toolUse (${id}); kept as an observation`,
            pointer,
          );
          list.addAction({ observation: text, timestamp }, pointer);
        }
      } else if (isRecord(b.reasoningContent)) {
        const rt = b.reasoningContent.reasoningText;
        thoughts.push(isRecord(rt) && typeof rt.text === 'string' ? rt.text : '[reasoning]');
      } else if (isRecord(b.image)) {
        const src =
          isRecord(b.image.source) && isRecord(b.image.source.bytes)
            ? b.image.source.bytes
            : undefined;
        texts.push(
          imagePlaceholder(
            `image/${str(b.image.format ?? '')}`,
            typeof src?.data === 'string' ? src.data.length : undefined,
          ),
        );
      } else {
        const key = Object.keys(b)[0] ?? '?';
        unknown.set(key, (unknown.get(key) ?? 0) + 1);
      }
    }
    const text = texts.join('\n');
    if (m.role === 'assistant') {
      list.addAction(
        { toolCalls: calls, modelOutput: text, thought: thoughts.join('\n\n'), timestamp },
        pointer,
      );
    } else if (text.trim() !== '') list.add({ kind: 'task', task: text, ...time }, pointer);
  });
  for (const [key, n] of unknown) list.warn(`${n} content block(s) "${key}" were not shown`);
}
