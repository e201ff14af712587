/**
 * Tool use written as XML inside an assistant's text, as Cline and Roo Code asked models to before
 * native tool calls: `<read_file>\n<path>src/x.ts</path>\n</read_file>`, one tool per message (Cline
 * `src/core/assistant-message/parse-assistant-message.ts`, parseAssistantMessageV2: a tool opens at
 * `<name>` for a known tool name and closes at `</name>`; inside it, each `<param>` runs to its
 * `</param>`, except a file's `content`, which runs to the last `</content>` so that a file holding
 * the tag is kept whole; values are trimmed; a tool the message ends inside is kept, partial). Part
 * of the Cline importer (cline.ts).
 */

/**
 * The tool names both extensions define: Cline's `ClineDefaultTool` (src/shared/tools.ts) and Roo
 * Code's `toolNames` (packages/types/src/tool.ts). Names that results in the same file name are
 * added by the caller, so a tool added later is still read.
 */
export const KNOWN_TOOLS: readonly string[] = [
  'execute_command',
  'read_file',
  'write_to_file',
  'replace_in_file',
  'apply_diff',
  'insert_content',
  'search_and_replace',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'ask_followup_question',
  'attempt_completion',
  'load_mcp_documentation',
  'plan_mode_respond',
  'act_mode_respond',
  'new_task',
  'switch_mode',
  'fetch_instructions',
  'codebase_search',
  'update_todo_list',
  'focus_chain',
  'web_fetch',
  'web_search',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'apply_patch',
  'generate_explanation',
  'use_skill',
  'use_subagents',
];

/** Params whose value runs to the last closing tag (Cline: write_to_file's and new_rule's content). */
const TO_LAST_CLOSE = new Set(['content']);

export interface XmlToolUse {
  readonly name: string;
  readonly params: Record<string, string>;
  /** The message ended before `</name>`. */
  readonly partial: boolean;
}

export interface ParsedText {
  /** The prose around the tool uses, in order, trimmed (empty pieces dropped). */
  readonly prose: string[];
  readonly tools: XmlToolUse[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The params of a tool's body: each `<param>` to its `</param>`, the text between ignored. */
function paramsOf(body: string): Record<string, string> {
  const params: Record<string, string> = {};
  const open = /<([A-Za-z_][\w-]*)>/g;
  let m: RegExpExecArray | null;
  while ((m = open.exec(body)) !== null) {
    const name = m[0].slice(1, -1); // `<name>` matched whole
    const from = m.index + m[0].length;
    const close = `</${name}>`;
    const end = TO_LAST_CLOSE.has(name) ? body.lastIndexOf(close) : body.indexOf(close, from);
    if (end < from) {
      // An unclosed param at the end of a partial tool: its value so far.
      params[name] = body.slice(from).trim();
      break;
    }
    if (!Object.hasOwn(params, name)) params[name] = body.slice(from, end).trim();
    open.lastIndex = end + close.length;
  }
  return params;
}

/**
 * Splits an assistant's text into prose and the tool uses written in it. `names` are the tool names
 * to read (others are prose, as in Cline, which only parses the tools it defines).
 */
export function parseToolXml(text: string, names: ReadonlySet<string>): ParsedText {
  const prose: string[] = [];
  const tools: XmlToolUse[] = [];
  if (names.size === 0 || !text.includes('<'))
    return { prose: text.trim() ? [text.trim()] : [], tools };
  const opening = new RegExp(`<(${[...names].map(escape).join('|')})>`, 'g');
  let at = 0;
  let m: RegExpExecArray | null;
  while ((m = opening.exec(text)) !== null) {
    const name = m[0].slice(1, -1); // `<name>` matched whole
    const before = text.slice(at, m.index).trim();
    if (before) prose.push(before);
    const from = m.index + m[0].length;
    const close = `</${name}>`;
    const end = text.indexOf(close, from);
    const body = end < 0 ? text.slice(from) : text.slice(from, end);
    tools.push({ name, params: paramsOf(body), partial: end < 0 });
    at = end < 0 ? text.length : end + close.length;
    opening.lastIndex = at;
  }
  const rest = text.slice(at).trim();
  if (rest) prose.push(rest);
  return { prose, tools };
}

/** `<thinking>` sections old Cline prompts asked for: the thought, and the prose without them. */
export function splitThinking(prose: string): { thought: string; text: string } {
  const thoughts: string[] = [];
  const text = prose
    .replace(/<thinking>([\s\S]*?)<\/thinking>/g, (_, t: string) => {
      if (t.trim()) thoughts.push(t.trim());
      return '';
    })
    .trim();
  return { thought: thoughts.join('\n\n'), text };
}
