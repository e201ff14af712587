/**
 * The fallback: anything that is a list of `{role, content}` messages (or `{messages: [...]}`)
 * that no specific importer claimed: LangChain-style roles (`human`, `ai`), content as text, blocks
 * or objects, tool messages with or without ids. Roles it cannot place are kept as user turns with
 * a warning, so nothing is silently dropped.
 */
import { z } from 'zod';
import type { ToolCall } from '../model/types';
import { defineImporter, parsedBy } from './types';
import { isRecord, parseArguments, StepList, str } from './util';

const message = z.object({ role: z.string(), content: z.unknown() }).passthrough();
const messages = z.array(message).min(1);
const wrapped = z.object({ messages });

const SYSTEM = new Set(['system', 'developer']);
const USER = new Set(['user', 'human']);
const ASSISTANT = new Set(['assistant', 'ai', 'model', 'bot', 'agent']);
const TOOL = new Set(['tool', 'function', 'tool_result', 'observation', 'ipython']);

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b) =>
        isRecord(b) ? str(b.text ?? b.content ?? `[${str(b.type ?? 'block')}]`) : str(b),
      )
      .join('\n');
  return content === null || content === undefined ? '' : JSON.stringify(content);
}

function callsOf(m: Record<string, unknown>): ToolCall[] {
  const raw = Array.isArray(m.tool_calls) ? m.tool_calls.filter(isRecord) : [];
  return raw.map((c, i) => {
    const fn = isRecord(c.function) ? c.function : c;
    return {
      id: str(c.id ?? `call_${i}`),
      name: str(fn.name ?? ''),
      arguments: parseArguments(fn.arguments ?? fn.args ?? fn.input),
    };
  });
}

export const genericMessagesImporter = defineImporter({
  id: 'generic-messages',
  label: 'Generic role/content messages',
  near: { schema: z.union([messages, wrapped]) },
  detect: (value) => {
    const list = parsedBy(messages, value);
    if (list) return { list, isWrapped: false };
    const w = parsedBy(wrapped, value);
    return w ? { list: w.messages, isWrapped: true } : undefined;
  },
  import({ list, isWrapped }, fileName) {
    const out = new StepList({ format: 'generic-messages', file: fileName });
    const unknownRoles = new Map<string, number>();
    list.forEach((m, i) => {
      const pointer = `${isWrapped ? '/messages' : ''}/${i}`;
      const role = m.role.toLowerCase();
      const body = contentText(m.content);
      if (SYSTEM.has(role)) out.add({ kind: 'system-prompt', content: body }, pointer);
      else if (ASSISTANT.has(role)) {
        const calls = callsOf(m);
        for (const c of calls.filter((x) => x.name === ''))
          out.warn(`message ${i}: a tool call without a function name (${c.id})`, pointer);
        out.addAction({ toolCalls: calls, modelOutput: body }, pointer);
      } else if (TOOL.has(role)) {
        const id = typeof m.tool_call_id === 'string' ? m.tool_call_id : undefined;
        if (id !== undefined && out.linkResult(id, body)) return;
        if (id === undefined && out.linkWaiting(body)) return;
        const last = out.steps.at(-1);
        if (
          last?.kind === 'action' &&
          last.toolCalls.length === 0 &&
          last.observation === undefined
        )
          out.updateLast((s) => (s.kind === 'action' ? { ...s, observation: body } : s));
        else out.addAction({ observation: body }, pointer);
      } else {
        if (!USER.has(role)) unknownRoles.set(m.role, (unknownRoles.get(m.role) ?? 0) + 1);
        out.add({ kind: 'task', task: body }, pointer);
      }
    });
    for (const [role, n] of unknownRoles)
      out.warn(`${n} message(s) with role "${role}" are shown as user turns`);
    return {
      file: {
        histories: [
          { id: fileName, title: fileName, format: 'generic-messages', steps: out.markFinal() },
        ],
      },
      warnings: out.warnings,
    };
  },
});
