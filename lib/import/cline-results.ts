/**
 * A Cline (or Roo Code) `api_conversation_history.json` rewritten as the Messages API blocks it
 * stands for, so the Claude Code converter links results to calls by id. Cline sends a tool's result
 * as text in the next user turn, not as a `tool_result` block (Cline `ToolResultUtils.pushToolResult`,
 * src/core/task/tools/utils/ToolResultUtils.ts; before 3.x `Cline.ts` pushToolResult): the handler's
 * description `[read_file for 'src/x.ts']` + ` Result:`, then the output, in one text block (3.x:
 * `${description} Result:\n${result}`) or as that header block followed by the output's blocks
 * (older versions: a text block, or text and images). A tool the message also asked for but that
 * did not run gets `Tool [name] was not executed because a tool has already been used in this
 * message.` or `Skipping tool [description] due to user rejecting a previous tool.` Errors and
 * denials are results too (`formatResponse.toolError`: "The tool execution failed with the following
 * error:", `toolDenied`: "The user denied this operation."; Roo Code's are JSON with `status`).
 * What else the turn holds (`<environment_details>`, the task-progress reminder, `[TASK RESUMPTION]`,
 * feedback the user added, `[ERROR] You did not use a tool`) stays the user's turn.
 *
 * Older Cline and Roo Code write the call as XML in the assistant's text (cline-xml.ts); newer ones
 * as native `tool_use` blocks, whose results still come back as text when Cline holds no id for
 * them (its fallback id "cline"), or as `tool_result` blocks, which are kept.
 */
import { KNOWN_TOOLS, parseToolXml, splitThinking } from './cline-xml';
import { isRecord, str } from './util';

type Block = Record<string, unknown>;
type Message = Record<string, unknown>;

/**
 * `[name` opening a result header: the tool's name (snake_case: `[TASK RESUMPTION]` and `[ERROR]`
 * are no results), then ` for '…'`, ` to '…'`, ` in …` or `]`.
 */
const HEADER = /^\[([a-z_][a-z0-9_.:-]*)[\] ]/;
const RESULT_MARK = '] Result:';
/** A tool the message asked for that did not run (Cline: didAlreadyUseTool, didRejectTool). */
const NOT_RUN = [
  /^Tool \[([A-Za-z_][\w.:-]*)\] was not executed because a tool has already been used/,
  /^Skipping tool \[([A-Za-z_][\w.:-]*)[\] ]/,
  /^Tool \[([A-Za-z_][\w.:-]*)[\] ][\s\S]*was interrupted and not executed/,
];
/** Blocks Cline adds to a user turn beside the results: never part of one. */
const TRAILER =
  /^(<environment_details>|# task_progress|# TODO LIST|# Todo List|\[TASK RESUMPTION\]|The user provided (the following feedback|additional content)|<feedback>|\[ERROR\] You did not use a tool|New instructions for task continuation|New message to respond to)/i;
const ERROR =
  /^(The tool execution failed|The user denied this operation|\{\s*"status"\s*:\s*"(error|denied)")/;

const blocksOf = (m: Message): Block[] =>
  typeof m.content === 'string'
    ? [{ type: 'text', text: m.content }]
    : Array.isArray(m.content)
      ? m.content.filter(isRecord)
      : [];

const textOf = (b: Block | undefined) => (b?.type === 'text' ? str(b.text ?? '') : undefined);

/** The tool a result header names and the output after it, or undefined for other text. */
export function resultHeader(text: string): { name: string; output: string } | undefined {
  const name = HEADER.exec(text)?.[1];
  const end = text.indexOf(RESULT_MARK);
  if (name === undefined || end < 0) return undefined;
  return {
    name,
    output: text.slice(end + RESULT_MARK.length).replace(/^[\n ]/, ''),
  };
}

function notRun(text: string): string | undefined {
  for (const re of NOT_RUN) {
    const m = re.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** Tool names the file's results name (a tool either extension added later is still parsed). */
function namesIn(list: readonly Message[]): Set<string> {
  const names = new Set(KNOWN_TOOLS);
  for (const m of list)
    if (m.role === 'user')
      for (const b of blocksOf(m)) {
        const h = resultHeader(textOf(b) ?? '');
        if (h) names.add(h.name);
      }
  return names;
}

interface Pending {
  readonly id: string;
  readonly name: string;
  answered: boolean;
}

/** An assistant turn with its XML tool uses as `tool_use` blocks and `<thinking>` as thinking. */
function assistantBlocks(blocks: Block[], index: number, names: ReadonlySet<string>): Block[] {
  if (blocks.some((b) => b.type === 'tool_use')) return blocks;
  const out: Block[] = [];
  let k = 0;
  for (const b of blocks) {
    const text = textOf(b);
    if (text === undefined) {
      out.push(b);
      continue;
    }
    const parsed = parseToolXml(text, names);
    const thoughts: string[] = [];
    const prose: string[] = [];
    for (const p of parsed.prose) {
      const { thought, text: rest } = splitThinking(p);
      if (thought) thoughts.push(thought);
      if (rest) prose.push(rest);
    }
    if (thoughts.length > 0) out.push({ type: 'thinking', thinking: thoughts.join('\n\n') });
    if (prose.length > 0) out.push({ type: 'text', text: prose.join('\n\n') });
    for (const t of parsed.tools)
      out.push({ type: 'tool_use', id: `cline-${index}-${k++}`, name: t.name, input: t.params });
  }
  return out;
}

/** A user turn's result texts as `tool_result` blocks for the waiting calls; the rest kept. */
function userBlocks(
  blocks: Block[],
  pending: Pending[],
  report: Block[] = [],
): { blocks: Block[]; linked: number } {
  const results: Block[] = [];
  const rest: Block[] = [];
  let linked = 0;
  const take = (name: string) =>
    pending.find((p) => !p.answered && p.name === name) ?? pending.find((p) => !p.answered);
  const boundary = (b: Block) => {
    const text = textOf(b);
    if (b.type === 'tool_result') return true;
    if (text === undefined) return false;
    return (
      resultHeader(text) !== undefined ||
      notRun(text) !== undefined ||
      TRAILER.test(text.trimStart())
    );
  };
  // Moves the blocks after block j into `into` while `belongs` says so; the index of the last taken.
  const takeAfter = (j: number, into: Block[], belongs: (b: Block) => boolean): number => {
    let k = j + 1;
    for (let next = blocks[k]; next !== undefined && belongs(next); next = blocks[++k])
      into.push(next);
    return k - 1;
  };
  for (let j = 0; j < blocks.length; j++) {
    const b = blocks[j];
    if (b === undefined) continue;
    if (b.type === 'tool_result') {
      const p = pending.find((c) => c.id === str(b.tool_use_id ?? ''));
      if (p) p.answered = true;
      results.push(b);
      continue;
    }
    const text = textOf(b) ?? '';
    const header = resultHeader(text);
    const skipped = header ? undefined : notRun(text);
    const target = header ? take(header.name) : skipped ? take(skipped) : undefined;
    if (!target) {
      rest.push(b);
      continue;
    }
    target.answered = true;
    linked++;
    // The subtask's report the model read just before new_task's own result (see subtaskReport).
    const content: Block[] = target.name === NEW_TASK ? report.splice(0) : [];
    if (skipped) content.push({ type: 'text', text });
    else if (header?.output.trim()) {
      // 3.x: the output in the header's block, then any images it returned.
      content.push({ type: 'text', text: header.output });
      j = takeAfter(j, content, (next) => next.type === 'image');
      // Older versions: the header alone, then the output's own blocks (text, images).
    } else j = takeAfter(j, content, (next) => !boundary(next));
    const first = textOf(content[0]) ?? '';
    results.push({
      type: 'tool_result',
      tool_use_id: target.id,
      content,
      ...(skipped || ERROR.test(first.trimStart()) ? { is_error: true } : {}),
    });
  }
  return { blocks: [...results, ...rest], linked };
}

const NEW_TASK = 'new_task';
const REPORT = '[new_task completed] Result:';

/**
 * A user turn's `[new_task completed] Result: <report>` blocks when the next message holds the
 * `new_task` call's own result. Roo Code 3.28 (RooCodeInc/Roo-Code d956cdb727, Sept 2025) writes
 * them in that order: src/core/tools/newTaskTool.ts pushes `Successfully created new task in …
 * mode with message: …` (presentAssistantMessage.ts heads it `[new_task in <mode> mode: '…']
 * Result:`) and `Task.startSubtask` pauses the parent; `Task.recursivelyMakeClineRequests` waits
 * in `waitForSubtask` until the child's completion reaches `ClineProvider.finishSubTask` →
 * `Task.completeSubtask`, which adds the report to the history as its own user message; only
 * then does the loop add the held tool result, with the environment details, as the next one.
 * Both answer the one call, so they are joined on it in the order the model read them: report,
 * then the tool's output (the tool's result turn holds them). With no tool result next (a task
 * resumed from history), the report alone is the call's result, as any `[new_task …] Result:`.
 */
function subtaskReport(blocks: Block[], next: Message | undefined): Block[] {
  if (next?.role !== 'user') return [];
  const followed = blocksOf(next).some(
    (b) => !textOf(b)?.startsWith(REPORT) && resultHeader(textOf(b) ?? '')?.name === NEW_TASK,
  );
  return followed ? blocks.filter((b) => textOf(b)?.startsWith(REPORT)) : [];
}

/**
 * The conversation as Messages API messages with `tool_use` and `tool_result` blocks; `linked`
 * counts the text results joined to their calls. The list keeps its length and order (pointers
 * into the file stay right).
 */
export function nativeClineMessages(list: readonly Message[]): {
  messages: Message[];
  linked: number;
} {
  const names = namesIn(list);
  let pending: Pending[] = [];
  let linked = 0;
  let report: Block[] = [];
  const messages = list.map((m, index) => {
    if (m.role === 'assistant') {
      const blocks = assistantBlocks(blocksOf(m), index, names);
      pending = blocks
        .filter((b) => b.type === 'tool_use')
        .map((b) => ({ id: str(b.id ?? ''), name: str(b.name ?? ''), answered: false }));
      return { ...m, content: blocks };
    }
    if (m.role !== 'user') return m;
    const blocks = blocksOf(m);
    const held = pending.some((p) => p.name === NEW_TASK && !p.answered)
      ? subtaskReport(blocks, list[index + 1])
      : [];
    const user = userBlocks(
      blocks.filter((b) => !held.includes(b)),
      pending,
      report,
    );
    // A report no result took (none should be left) stays the user's text.
    const left = report;
    report = held;
    linked += user.linked;
    return { ...m, content: [...left, ...user.blocks] };
  });
  return { messages, linked };
}
