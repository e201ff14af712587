/**
 * The importer registry, most specific first: detection is by structure, never by file name, and
 * the first importer whose `detect` accepts the value wins.
 */
import { aiderImporter } from './aider';
import { anthropicMessagesImporter } from './anthropic-messages';
import { atifImporter } from './atif';
import { claudeCodeImporter } from './claude-code';
import { clineImporter } from './cline';
import { droidImporter } from './droid';
import { codexImporter } from './codex';
import { copilotCliImporter } from './copilot-cli';
import { geminiCliImporter } from './gemini-cli';
import { geminiContentsImporter } from './gemini-contents';
import { genericMessagesImporter } from './generic-messages';
import { inspectAiImporter } from './inspect-ai';
import { kimiCodeImporter } from './kimi-code';
import { lettaImporter } from './letta';
import { miniSweAgentImporter } from './mini-swe-agent';
import { nativeImporter } from './native';
import { openAIMessagesImporter } from './openai-messages';
import { openHandsImporter } from './openhands';
import { openCodeImporter } from './opencode';
import { openHandsV1Importer } from './openhands-v1';
import { otelImporter } from './otel';
import { piImporter } from './pi';
import { qwenCodeImporter } from './qwen-code';
import { seedStepsImporter } from './seed-steps';
import { seedTaskHistoryImporter } from './seed-task-history';
import { seedTrajectoryImporter } from './seed-trajectory';
import { smolagentsBusImporter } from './smolagents-bus';
import { smolagentsImporter } from './smolagents';
import { strandsImporter } from './strands';
import { sweAgentImporter } from './swe-agent';
import { tauBenchRunsImporter } from './tau-bench-runs';
import { tinyAgentImporter } from './tinyagent';
import { FolderValue, parseSource } from './read';
import { errorOf, isRecord, withRecordKeys } from './guards';
import { whyNot } from './refusal';
import { sanitizeHistories } from './sanitize';
import { type Detected, type Importer, type ImportResult, NotThisFormat } from './types';
import { ImportError } from '../model/errors';

export type { Importer, ImportResult, ImportWarning } from './types';
export { ImportError } from '../model/errors';
export { FolderValue, parseSource, readSource, recordLine, type ParsedSource } from './read';

export const IMPORTERS: readonly Importer[] = [
  nativeImporter, // an envelope with format "stepscope": unambiguous
  aiderImporter, // Aider's Markdown chat history (read as text, not JSON): unambiguous
  seedStepsImporter, // a list of {type, data}: seed 000's own serialization
  seedTrajectoryImporter, // seed 002: steps {role, step_type, content}
  seedTaskHistoryImporter, // seed 003: {objective, steps: [{step_id, step_title, turns}]}
  atifImporter, // {schema_version: ATIF-v1.x, steps}
  piImporter, // JSONL: a {type: session, id, timestamp} header, then message / compaction / model_change entries (a tree from version 2)
  copilotCliImporter, // JSONL events {type: session.start (producer copilot-agent) | user.message | assistant.message…, data}
  kimiCodeImporter, // JSONL journal: a {type: metadata, protocol_version} line, then {type: context.append_message | context.append_loop_event…} operations
  lettaImporter, // .af agent files: {agents, blocks, tools} (2026) or one v1 agent {core_memory, messages}; a JSON string holding one
  openCodeImporter, // `opencode export` JSON {info, messages: [{info, parts}]}; storage folders with message/<session>/ and part/<message>/ files
  geminiCliImporter, // {sessionId, projectHash, messages} or its JSONL (a metadata line, messages, $set/$rewindTo/$patch)
  geminiContentsImporter, // Gemini Content[] lists {role: user | model, parts} (/chat share, /chat save): no other format has parts
  qwenCodeImporter, // JSONL ChatRecords {uuid, parentUuid, sessionId, type, message: Gemini Content with parts}: before Claude Code, whose entry shape its user records also fit
  droidImporter, // JSONL: a {type: session_start} line, then {type: message, message: {role, content: Anthropic blocks}}; with <id>.settings.json in a folder
  claudeCodeImporter, // JSONL entries {type: user|assistant, message} with uuid/sessionId; also session folders
  smolagentsImporter, // runs {question, intermediate_steps} (hyphenated roles or repr strings), or get_full_steps() dicts
  smolagentsBusImporter, // bus messages {id, sender, type, recipients}
  strandsImporter, // messages whose blocks are single-key objects ({toolUse}, {toolResult}); session folders; Langfuse traces
  inspectAiImporter, // {eval, samples: [{messages}]}
  tinyAgentImporter, // {run, events} dumps; asdict() step lists (no type field, timestamp + step_number)
  codexImporter, // Responses items, Codex rollouts (response_item lines), codex exec events
  otelImporter, // span lists {span_id, name, attributes} with gen_ai.* / llm.* / ADK model calls
  openHandsV1Importer, // V1 SDK events {id, kind: ActionEvent | ObservationEvent | MessageEvent…, source}; events/event-<n>-<id>.json folders
  openHandsImporter, // events {id, source, action|observation}; session folders with events/<n>.json; eval JSONL
  sweAgentImporter, // {history (messages with message_type/agent), trajectory, info}
  miniSweAgentImporter, // {trajectory_format: mini-swe-agent-*}, or role/content lists with mswea_bash_command blocks: before the generic lists
  clineImporter, // Cline / Roo Code task folders, and Messages API lists whose user turns carry <environment_details> or `[tool] Result:` text; ui_messages.json {ts, type: say|ask} lists: before the plain Messages API lists
  anthropicMessagesImporter, // Messages API lists with Anthropic blocks (tool_use, tool_result, thinking) or {system, messages} request bodies
  tauBenchRunsImporter, // a list of {task_id, traj: messages}: runs wrapping OpenAI messages
  openAIMessagesImporter, // strict OpenAI chat messages (roles and tool_calls as the API defines them)
  genericMessagesImporter, // anything else that is a list of {role, content}: the fallback, last
];

/** The first importer whose `detect` takes the value, with what it detected. */
function detectFirst(
  value: unknown,
  from = 0,
  listContent?: boolean,
): { importer: Importer; detected: Detected; input: unknown; next: number } | undefined {
  // The records' keys, which several detectors look for first, are collected once for the run
  // (`listContent`: what the parse found in `value` as it is, `ParsedSource`).
  return withRecordKeys(
    value,
    () => {
      for (let k = from; k < IMPORTERS.length; k++) {
        const importer = IMPORTERS[k];
        const detected = importer?.detect(value);
        if (importer && detected !== undefined)
          return { importer, detected, input: value, next: k + 1 };
      }
      return undefined;
    },
    listContent,
  );
}

const isPlainObject = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof FolderValue);

/**
 * Imports a parsed value with the first importer that recognizes it. A one-line JSONL file read
 * without its name is a single record: when nothing takes the object, its one-record list is tried.
 * `value` is what was imported (the record list in that case), for looking up original records.
 */
export function importValue(
  value: unknown,
  fileName: string,
  /** `ParsedSource.listContent`, when the parse made `value` as it is now. */
  listContent?: boolean,
): ImportResult & { format: string; value: unknown } {
  let found =
    detectFirst(value, 0, listContent) ?? (isPlainObject(value) ? detectFirst([value]) : undefined);
  for (;;) {
    if (!found) throw new ImportError(`${fileName}: ${whyNot(value, IMPORTERS)}`);
    let imported: ImportResult;
    try {
      imported = found.detected.import(fileName, found.input);
    } catch (error) {
      if (error instanceof NotThisFormat) {
        // A check folded into the import failed: detection goes on after that importer.
        const { input, next } = found;
        found =
          detectFirst(input, next, input === value ? listContent : undefined) ??
          (input === value && isPlainObject(value) ? detectFirst([value]) : undefined);
        continue;
      }
      if (error instanceof ImportError && error.message.startsWith(`${fileName}:`)) throw error;
      // The cause is kept: an importer's own refusal is an ImportError; anything else is a bug to fix.
      throw new ImportError(`${fileName}: ${found.importer.label}: ${errorOf(error).message}`, {
        cause: error,
      });
    }
    const warnings = [...imported.warnings];
    const histories = sanitizeHistories(imported.file.histories, warnings);
    return {
      ...imported,
      file: { histories },
      warnings,
      format: found.importer.id,
      value: found.input,
    };
  }
}

/** Parse and import a file's text (JSON or JSONL). Errors name the file and the position. */
export function importText(text: string, fileName: string): ImportResult & { format: string } {
  const parsed = parseSource(text, fileName);
  const imported = importValue(parsed.value, fileName, parsed.listContent);
  return { ...imported, warnings: [...parsed.warnings, ...imported.warnings] };
}

/** RFC 6901: the value a JSON pointer names, or undefined when the path does not exist. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current: unknown = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    // An array's members are its indices (RFC 6901 §4: digits without a leading zero).
    if (Array.isArray(current))
      current = /^(0|[1-9]\d*)$/.test(key) ? current[Number(key)] : undefined;
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}
