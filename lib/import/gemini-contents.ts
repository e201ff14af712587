/**
 * Gemini CLI's model history as `Content[]` (google-gemini/gemini-cli: `/chat share <file>.json`
 * writes `GeminiChat.getHistory()`; `/chat save <tag>` checkpoints hold it as a list or as
 * `{history, authType}`): `{role: 'user' | 'model', parts: Part[]}` with text, `thought` text,
 * `functionCall` and `functionResponse` parts, as the Gemini API takes them.
 *
 * - a user turn of text is a task; a user turn of `functionResponse` parts answers the calls of the
 *   model turn before it (by `id`, else by name in order);
 * - a model turn is an action: its text, its thought parts as the thought, its function calls;
 * - a compressed history (`chatCompressionService.ts`) starts with the setup message, then a user
 *   turn holding the `<state_snapshot>` summary and the model's "Got it." reply, then the turns it
 *   kept: the summary is read as a compaction the framework made. The file holds neither the turns it
 *   dropped nor its token counts (they go to telemetry only), so it replaces nothing and a warning
 *   says so.
 */
import { z } from 'zod';
import type { History, ToolCall } from '../model/types';
import { functionCallsOf, responseText, textOf } from './gemini-parts';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { isRecord, StepList, str } from './util';

const part = z.record(z.string(), z.unknown());
const content = z.object({ role: z.enum(['user', 'model']), parts: z.array(part) }).strict();
const contents = z.array(content).min(1);
const checkpoint = z.object({ history: contents }).passthrough();
type Content = z.infer<typeof content>;
type Parsed = { contents: Content[]; pointer: string };

const SNAPSHOT = /^\s*<state_snapshot>/;

function historyOf(parsed: Parsed, fileName: string): { history: History; list: StepList } {
  const list = new StepList({ format: 'gemini-contents', file: fileName });
  let lastCalls: ToolCall[] = [];
  parsed.contents.forEach((c, i) => {
    const pointer = `${parsed.pointer}/${i}`;
    if (c.role === 'model') {
      const toolCalls = functionCallsOf(c.parts, i);
      list.addAction(
        {
          toolCalls,
          modelOutput: textOf(c.parts, false),
          thought: textOf(c.parts, true),
          keepEmptyOutput: true,
        },
        pointer,
      );
      lastCalls = toolCalls;
      return;
    }
    const responses = c.parts.flatMap((p) =>
      isRecord(p.functionResponse) ? [p.functionResponse] : [],
    );
    if (responses.length > 0) {
      const answered = new Set<string>();
      for (const r of responses) {
        const byId = typeof r.id === 'string' ? lastCalls.find((x) => x.id === r.id) : undefined;
        const call =
          byId ?? lastCalls.find((x) => x.name === r.name && !answered.has(x.id)) ?? undefined;
        const { text, isError } = responseText(r.response);
        if (call && list.linkResult(call.id, text, isError)) answered.add(call.id);
        else {
          // Sent to the model all the same: the observation of the model turn before it.
          const last = list.steps.length - 1;
          const prev = list.steps[last];
          if (prev?.kind === 'action')
            list.update(last, (s) =>
              s.kind === 'action'
                ? { ...s, observation: s.observation ? `${s.observation}\n${text}` : text }
                : s,
            );
          list.warn(
            `turn ${i}: a functionResponse for ${str(r.name ?? 'a tool')} (${str(r.id ?? 'no id')}) answers no call of the model turn before it; kept as that turn's observation`,
            pointer,
          );
        }
      }
      return;
    }
    const text = textOf(c.parts, false);
    if (SNAPSHOT.test(text)) {
      list.add(
        {
          kind: 'summary',
          content: text,
          replaces: [],
          origin: 'model',
          compaction: { recordedAs: '<state_snapshot>', droppedInFile: false },
        },
        pointer,
      );
      list.warn(
        `turn ${i}: the history was compressed (a <state_snapshot> summary); the file holds neither the turns it replaced nor the tokens before and after, so the replay starts from the compressed history`,
        pointer,
      );
      return;
    }
    list.add({ kind: 'task', task: text }, pointer);
  });
  const history: History = {
    id: fileName,
    title: `Gemini CLI chat ${fileName}`,
    format: 'gemini-contents',
    steps: list.markFinal(),
  };
  return { history, list };
}

export const geminiContentsImporter = defineImporter<Parsed>({
  id: 'gemini-contents',
  label: 'Gemini CLI shared or saved chat (Content[])',
  detect(value) {
    const list = parsedBy(contents, value);
    if (list) return { contents: list, pointer: '' };
    const saved = parsedBy(checkpoint, value);
    return saved ? { contents: saved.history, pointer: '/history' } : undefined;
  },
  import(parsed, fileName) {
    const { history, list } = historyOf(parsed, fileName);
    if (history.steps.length === 0)
      throw new ImportError(`${fileName}: the Gemini history holds no turn the model saw`);
    return { file: { histories: [history] }, warnings: list.warnings };
  },
  near: {
    sniff: (v) =>
      Array.isArray(v) && v.length > 0 && isRecord(v[0]) && 'parts' in v[0] && 'role' in v[0],
    schema: contents,
  },
});
