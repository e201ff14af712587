/**
 * Strands Agents (strands-agents/sdk-python `types/content.py`, `session/file_session_manager.py`;
 * ../shared/fixtures/MANIFEST.md "strands"): messages `{role, content: [block]}` whose blocks are
 * single-key objects (Bedrock Converse): `{text}`, `{toolUse: {toolUseId, name, input}}`,
 * `{toolResult: {toolUseId, status, content: [{text} | {json}]}}`, `{image}`, `{reasoningContent}`.
 * Tool results are user messages. Read as:
 * - a messages array, an agent dump `{system_prompt?, messages}`, or a map of named scenarios of those;
 * - a FileSessionManager folder: `session_<id>/agents/agent_<id>/messages/message_<n>.json`
 *   (`{message, message_id, created_at}`), one history per agent;
 * - a Langfuse trace export of a Strands agent: `input` messages whose content is the blocks as a JSON
 *   string, `output.message` likewise, and GENERATION observations with each call's usage.
 */
import { z } from 'zod';
import { firstProblem, readRuns } from './runs';
import type { History } from '../model/types';
import { FolderValue } from './read';
import { defineImporter, type ImportWarning, parsedBy, fits } from './types';
import { ImportError } from '../model/errors';
import { isRecord, pointerSegment, StepList } from './util';
import { addStrandsMessages, isStrandsMessages, messages } from './strands-messages';
import { AGENT_MESSAGE, fromLangfuse, fromSessionFolder, langfuseTrace } from './strands-sources';

const agentDump = z.object({
  messages,
  system_prompt: z
    .union([z.string(), z.array(z.object({ text: z.string() }).passthrough()), z.null()])
    .optional(),
});
// Named scenarios: one of them an agent dump makes the file this format; a scenario that is not one
// (no messages, say) is skipped with a warning (runs.ts).
const scenarios = z
  .record(z.string(), z.object({ messages: z.array(z.unknown()) }).passthrough())
  .refine((r) => Object.values(r).some((d) => fits(agentDump, d)), 'a scenario of messages');
function systemText(prompt: z.infer<typeof agentDump>['system_prompt']): string | undefined {
  if (prompt === undefined || prompt === null) return undefined;
  return typeof prompt === 'string' ? prompt : prompt.map((p) => p.text).join('\n\n');
}

function fromDump(
  dump: z.infer<typeof agentDump>,
  id: string,
  fileName: string,
  prefix: string,
): { history: History; warnings: ImportWarning[] } {
  const list = new StepList({ format: 'strands', file: fileName });
  const system = systemText(dump.system_prompt);
  if (system !== undefined)
    list.add({ kind: 'system-prompt', content: system }, `${prefix}/system_prompt`);
  addStrandsMessages(list, dump.messages, (i) => `${prefix}/messages/${i}`);
  return {
    history: { id, title: id, format: 'strands', steps: list.markFinal() },
    warnings: list.warnings,
  };
}

type Shape =
  | { folder: FolderValue }
  | { messages: z.infer<typeof messages> }
  | { dump: z.infer<typeof agentDump> }
  | { named: z.infer<typeof scenarios> }
  | { trace: z.infer<typeof langfuseTrace> };

export const strandsImporter = defineImporter({
  id: 'strands',
  label: 'Strands Agents messages',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return (
        Array.isArray(f.content) &&
        f.content.some((b: unknown) => isRecord(b) && ('toolUse' in b || 'toolResult' in b))
      );
    },
    schema: messages,
  },
  // Which of the five shapes the value has, parsed once.
  detect: (value): Shape | undefined => {
    if (value instanceof FolderValue)
      return Object.keys(value.files).some((p) => AGENT_MESSAGE.test(p))
        ? { folder: value }
        : undefined;
    if (isStrandsMessages(value)) return { messages: messages.parse(value) };
    const dump = parsedBy(agentDump, value);
    if (dump) return { dump };
    const named = parsedBy(scenarios, value);
    if (named) return { named };
    const trace = parsedBy(langfuseTrace, value);
    return trace ? { trace } : undefined;
  },
  import(parsed, fileName) {
    if ('folder' in parsed) {
      const { histories, warnings, claimed } = fromSessionFolder(parsed.folder);
      return { file: { histories }, warnings, claimed };
    }
    if ('messages' in parsed) {
      const list = new StepList({ format: 'strands', file: fileName });
      addStrandsMessages(list, parsed.messages, (i) => `/${i}`);
      return {
        file: {
          histories: [
            { id: fileName, title: fileName, format: 'strands', steps: list.markFinal() },
          ],
        },
        warnings: list.warnings,
      };
    }
    if ('dump' in parsed) {
      const { history, warnings } = fromDump(parsed.dump, fileName, fileName, '');
      return { file: { histories: [history] }, warnings };
    }
    if ('named' in parsed) {
      // A scenario with nothing to read is skipped with a warning (runs.ts), not the file.
      const entries = Object.entries(parsed.named);
      const at = (key: string) => `/${pointerSegment(key)}`;
      const { histories, warnings } = readRuns(
        entries,
        ([key, d]) => {
          const dump = agentDump.safeParse(d);
          if (!dump.success)
            throw new ImportError(
              d.messages.length === 0
                ? 'it holds no message'
                : `it is not Strands messages (${firstProblem(dump.error.issues, at(key))})`,
            );
          const r = fromDump(dump.data, key, fileName, at(key));
          const own = r.warnings.map((w) => ({ ...w, message: `${key}: ${w.message}` }));
          return { history: r.history, warnings: own };
        },
        ([key]) => `scenario ${key}`,
        fileName,
        (i) => at(entries[i]?.[0] ?? ''),
      );
      return { file: { histories }, warnings };
    }
    const { history, warnings } = fromLangfuse(parsed.trace, fileName);
    return { file: { histories: [history] }, warnings };
  },
});
