/**
 * A Cline (or Roo Code) task read from `ui_messages.json` alone, when its
 * `api_conversation_history.json` is not there: each `api_req_started` is a model call with its
 * tokens and cost; what the panel showed after it is that call's reply (`say: text` its text,
 * `say: reasoning` its thought) and tool use (`say`/`ask: tool` with JSON `ClineSayTool` `{tool,
 * path, content, diff, regex, …}`, `ask: command` with `say: command_output`, `ask: followup`,
 * `say: completion_result`, `use_mcp_server`, `browser_action`); the task (`say: task`, or the
 * first `say: text` before any request) and `say: user_feedback` are the user's words. A call's
 * result is what the next request sent back (its `[tool for '…'] Result:` part, cline-ui.ts), else
 * the command's output as the panel streamed it. The rest of a request (environment details) is
 * not a step: the panel does not keep the user turn apart from the results.
 */
import type { ActionStep, Step, ToolCall } from '../model/types';
import { requestParts, uiJson, uiRequests, type UiMessage } from './cline-ui';
import type { ImportWarning } from './types';
import { isoToUnix, isRecord, keptArguments, StepList, str } from './util';

/** `ClineSayTool.tool` → the tool the model called (Cline src/core/task/tools/handlers). */
const SAY_TOOL: Record<string, string> = {
  readFile: 'read_file',
  listFilesTopLevel: 'list_files',
  listFilesRecursive: 'list_files',
  listCodeDefinitionNames: 'list_code_definition_names',
  searchFiles: 'search_files',
  editedExistingFile: 'replace_in_file',
  newFileCreated: 'write_to_file',
  appliedDiff: 'apply_diff',
  webFetch: 'web_fetch',
  webSearch: 'web_search',
  summarizeTask: 'summarize_task',
  codebaseSearch: 'codebase_search',
  switchMode: 'switch_mode',
  newTask: 'new_task',
  updateTodoList: 'update_todo_list',
};
/** Output the panel streams for the latest call of a tool: its result when no request follows. */
const OUTPUT_OF: Record<string, string> = {
  command_output: 'execute_command',
  mcp_server_response: 'use_mcp_tool',
};
/** Records that are bookkeeping, not conversation: skipped without a word. */
const QUIET = new Set([
  'checkpoint_created',
  'api_req_finished',
  'api_req_retried',
  'task_progress',
  'resume_task',
  'resume_completed_task',
  'shell_integration_warning',
  'deleted_api_reqs',
  'info',
  'conditional_rules_applied',
  'mcp_server_request_started',
]);

interface Open {
  readonly step: number;
  readonly calls: ToolCall[];
  readonly output: Map<string, string>;
}

function callOf(m: UiMessage, id: string): ToolCall | undefined {
  const kind = m.say ?? m.ask ?? '';
  const json = uiJson(m);
  const text = str(m.text ?? '');
  if (kind === 'tool' && json) {
    const { tool: name, operationIsLocatedInWorkspace: _, ...rest } = json;
    return { id, name: SAY_TOOL[str(name)] ?? str(name), arguments: keptArguments(rest) };
  }
  if (kind === 'command') return { id, name: 'execute_command', arguments: { command: text } };
  if (kind === 'followup')
    return {
      id,
      name: 'ask_followup_question',
      arguments: json ? keptArguments(json) : { question: text },
    };
  if (kind === 'plan_mode_respond')
    return {
      id,
      name: 'plan_mode_respond',
      arguments: json ? keptArguments(json) : { response: text },
    };
  if (kind === 'completion_result' && m.type === 'say')
    return { id, name: 'attempt_completion', arguments: { result: text } };
  if (kind === 'use_mcp_server' && json)
    return { id, name: 'use_mcp_tool', arguments: keptArguments(json) };
  if (kind === 'browser_action_launch' || kind === 'browser_action')
    return { id, name: 'browser_action', arguments: json ? keptArguments(json) : { action: text } };
  if (kind === 'load_mcp_documentation')
    return { id, name: 'load_mcp_documentation', arguments: {} };
  return undefined;
}

export function uiHistory(
  ui: readonly UiMessage[],
  file: string,
  pointerOf: (i: number) => string,
): { steps: Step[]; warnings: ImportWarning[]; model?: string; prompt?: string } {
  const list = new StepList({ format: 'cline', file });
  const requests = new Map(uiRequests(ui).map((r) => [r.index, r]));
  const skipped = new Map<string, number>();
  let open: Open | undefined;
  let prompt: string | undefined;
  let model: string | undefined;
  let feedback: { text: string; i: number; ts: number }[] = [];
  const linked = new Set<string>();
  const subtasks: string[] = [];
  const update = (f: (a: ActionStep) => ActionStep) =>
    open && list.update(open.step, (s) => (s.kind === 'action' ? f(s) : s));
  const addTask = (text: string, i: number, ts: number) => {
    const time = isoToUnix(ts);
    list.add({ kind: 'task', task: text, ...(time ? { timestamp: time } : {}) }, pointerOf(i));
  };
  ui.forEach((m, i) => {
    const kind = m.say ?? m.ask ?? '';
    const text = str(m.text ?? '');
    if (kind === 'api_req_started') {
      // The results this request sent back, for the previous reply's calls.
      const results: string[] = [];
      const waiting = open ? open.calls.filter((c) => !linked.has(c.id)) : [];
      for (const p of requestParts(requests.get(i)?.request ?? '')) {
        if (p.kind === 'other') continue;
        const c = waiting.find((w) => w.name === p.name) ?? waiting[0];
        if (!c) continue;
        waiting.splice(waiting.indexOf(c), 1);
        const result = p.kind === 'result' ? p.output : p.text;
        list.linkResult(c.id, result, p.kind === 'not-run');
        linked.add(c.id);
        results.push(result);
      }
      for (const c of waiting) {
        const out = open?.output.get(c.id);
        if (out !== undefined && list.linkResult(c.id, out)) linked.add(c.id);
      }
      // Feedback a result already holds (an answer, a denial's reason) is not said twice.
      for (const f of feedback)
        if (!results.some((r) => r.includes(f.text))) addTask(f.text, f.i, f.ts);
      feedback = [];
      const info = isRecord(m.modelInfo) ? m.modelInfo : undefined;
      const stepModel = typeof info?.modelId === 'string' ? info.modelId : undefined;
      model = stepModel ?? model;
      const u = requests.get(i)?.usage;
      const time = isoToUnix(m.ts);
      list.addAction({ usage: u, model: stepModel, timestamp: time || undefined }, pointerOf(i));
      open = { step: list.steps.length - 1, calls: [], output: new Map() };
      return;
    }
    if (kind === 'task' || (kind === 'text' && !open && prompt === undefined)) {
      prompt = text;
      addTask(text, i, m.ts);
      return;
    }
    if (kind === 'user_feedback') {
      feedback.push({ text, i, ts: m.ts });
      return;
    }
    if (open && (kind === 'text' || kind === 'reasoning')) {
      const key = kind === 'text' ? 'modelOutput' : 'thought';
      if (text.trim())
        update((a) => ({ ...a, [key]: [a[key], text].filter(Boolean).join('\n\n') }));
      return;
    }
    const outputOf = OUTPUT_OF[kind];
    if (open && outputOf) {
      const last = open.calls.findLast((c) => c.name === outputOf);
      if (last)
        open.output.set(last.id, [open.output.get(last.id), text].filter(Boolean).join('\n'));
      return;
    }
    if (kind === 'subtask_result') {
      // Roo Code: the subtask a new_task call started has finished; its result comes back here.
      const id = subtasks.findLast((t) => !linked.has(t));
      if (id !== undefined && list.linkResult(id, text)) linked.add(id);
      else skipped.set(`${m.type}: ${kind}`, (skipped.get(`${m.type}: ${kind}`) ?? 0) + 1);
      return;
    }
    const call = open ? callOf(m, `ui-${i}`) : undefined;
    if (open && call) {
      open.calls.push(call);
      if (call.name === 'new_task') subtasks.push(call.id);
      update((a) => ({ ...a, toolCalls: [...a.toolCalls, call] }));
      return;
    }
    if (!QUIET.has(kind) && !(kind === 'completion_result' && m.type === 'ask'))
      skipped.set(`${m.type}: ${kind}`, (skipped.get(`${m.type}: ${kind}`) ?? 0) + 1);
  });
  for (const f of feedback) addTask(f.text, f.i, f.ts);
  if (open) for (const [id, out] of open.output) if (!linked.has(id)) list.linkResult(id, out);
  for (const [k, n] of skipped) list.warn(`ui_messages.json: ${n} record(s) "${k}" not shown`);
  return {
    steps: list.markFinal(),
    warnings: list.warnings,
    ...(model ? { model } : {}),
    ...(prompt ? { prompt } : {}),
  };
}
