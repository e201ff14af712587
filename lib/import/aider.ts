/**
 * Aider's chat history (`.aider.chat.history.md`, Aider-AI/aider `aider/io.py`): Markdown that aider
 * appends to as it runs. Each run starts with `# aider chat started at <local time>`; the user's
 * input is written as `#### ` lines, aider's own output (the banner, confirmations, "Applied edit",
 * commits, `> Tokens: 5,244 sent, 604 received. Cost: $0.02 request, $0.02 session.`) as `> ` lines
 * (each with Markdown's two-space line break), and the model's reply as plain Markdown after a blank
 * line. A `> ` line's output can go on over plain lines with no blank line between (`/show-repo`).
 *
 * One history per run that holds a message: user messages become task steps, replies action steps
 * with the usage and cost of the `> Tokens:` line after them; slash commands (`/diff`, `/add`) never
 * reach the model and are listed in the history's `meta.commands`. aider's prompts, repo map and
 * file contents are not in the file, and its `> ` output is not sent to the model: neither is a step.
 */
import type { History, Step, StepDraft, Usage } from '../model/types';
import { AIDER_RUN_START, AiderChat } from './read';
import { defineImporter, type ImportWarning } from './types';
import { actionDraft } from './util';
import { ImportError } from '../model/errors';

type Line = { kind: 'user' | 'tool' | 'text' | 'blank'; text: string; line: number };

/** A line without aider's Markdown line break (two trailing spaces) and its prefix. */
function classify(raw: string, line: number): Line {
  const text = raw.endsWith('  ') ? raw.slice(0, -2) : raw;
  if (text.startsWith('####')) return { kind: 'user', text: text.replace(/^#### ?/, ''), line };
  if (text === '>' || text.startsWith('> ')) return { kind: 'tool', text: text.slice(2), line };
  if (raw.trim() === '') return { kind: 'blank', text: '', line };
  return { kind: 'text', text: raw, line };
}

/** `5,244`, `2.4k`, `1.2M`: aider's token counts (rounded above 1,000 in newer versions). */
function count(value: string): number {
  const [, digits, unit] = /^([\d.,]+)([kM]?)$/.exec(value.trim()) ?? [];
  if (digits === undefined) return NaN;
  const n = Number(digits.replace(/,/g, ''));
  return Math.round(n * (unit === 'k' ? 1e3 : unit === 'M' ? 1e6 : 1));
}

/** `Tokens: 5,244 sent, 604 received. Cost: $0.02 request, $0.02 session.` (cache parts too). */
function tokensLine(text: string): { usage: Usage; session?: number } | undefined {
  const [, sent, written, hit, received] =
    /^Tokens: ([\d.,]+[kM]?) sent, (?:([\d.,]+[kM]?) cache write, )?(?:([\d.,]+[kM]?) cache hit, )?([\d.,]+[kM]?) received\./.exec(
      text,
    ) ?? [];
  if (sent === undefined || received === undefined) return undefined;
  const cost = /Cost: \$([\d.]+) (?:request|message), \$([\d.]+) session/.exec(text);
  // "sent" is LiteLLM's prompt_tokens (cache reads counted in it) plus, when the response reports
  // cache fields, the cache writes (aider `coders/base_coder.py` calculate_and_show_tokens_and_cost):
  // the whole prompt, the cache parts shown beside it.
  const usage: Usage = {
    inputTokens: count(sent),
    outputTokens: count(received),
    ...(written ? { cacheCreationInputTokens: count(written) } : {}),
    ...(hit ? { cacheReadInputTokens: count(hit) } : {}),
    ...(cost ? { costUsd: Number(cost[1]) } : {}),
    inputCounts: 'total',
  };
  return cost ? { usage, session: Number(cost[2]) } : { usage };
}

type Block = { kind: 'user' | 'tool' | 'reply'; lines: string[]; line: number };

/** A run's lines as blocks: user input, aider output (with its continuation lines), replies. */
function blocksOf(lines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  let last: Block | undefined;
  let afterBlank = false;
  for (const l of lines) {
    if (l.kind === 'blank') {
      if (last?.kind === 'reply') last.lines.push('');
      afterBlank = true;
      continue;
    }
    const kind =
      l.kind === 'text' ? (last?.kind === 'tool' && !afterBlank ? 'tool' : 'reply') : l.kind;
    if (last?.kind === kind && (kind !== 'user' || !afterBlank)) last.lines.push(l.text);
    else blocks.push((last = { kind, lines: [l.text], line: l.line }));
    afterBlank = false;
  }
  return blocks;
}

function runOf(
  lines: readonly Line[],
  started: string,
  index: number,
  fileName: string,
  warnings: ImportWarning[],
): History | undefined {
  const steps: Step[] = [];
  const commands: string[] = [];
  let model: string | undefined;
  let version: string | undefined;
  let session: number | undefined;
  const source = (line: number) => ({ format: 'aider', file: fileName, line });
  const add = (step: StepDraft) =>
    steps.push({ ...step, id: `r${index}s${steps.length}`, stepNumber: steps.length });
  for (const block of blocksOf(lines)) {
    if (block.kind === 'tool') {
      for (const text of block.lines) {
        const m = /^(?:Main model|Models?): (\S+)/.exec(text);
        if (m && model === undefined) model = m[1];
        const v = /^Aider v(\S+)/.exec(text);
        if (v && version === undefined) version = v[1];
        const tokens = tokensLine(text);
        if (!tokens) continue;
        session = tokens.session ?? session;
        const reply = steps.at(-1);
        if (reply?.kind === 'action' && reply.usage === undefined)
          steps[steps.length - 1] = { ...reply, usage: tokens.usage };
        else
          warnings.push({
            message: `${fileName} line ${block.line}: a "Tokens:" line with no reply before it (ignored)`,
          });
      }
    } else if (block.kind === 'user') {
      const text = block.lines.join('\n').trim();
      if (text === '') continue;
      if (text.startsWith('/')) commands.push(text.split('\n', 1).join(''));
      else add({ kind: 'task', task: text, source: source(block.line) });
    } else {
      const text = block.lines.join('\n').trim();
      if (text === '') continue;
      add({ ...actionDraft({ modelOutput: text, model }), source: source(block.line) });
    }
  }
  if (steps.length === 0) return undefined;
  const sent = steps.reduce(
    (n, s) => n + (s.kind === 'action' ? (s.usage?.inputTokens ?? 0) : 0),
    0,
  );
  const received = steps.reduce(
    (n, s) => n + (s.kind === 'action' ? (s.usage?.outputTokens ?? 0) : 0),
    0,
  );
  const reported = steps.some((s) => s.kind === 'action' && s.usage);
  return {
    id: `${fileName}#${index + 1}`,
    title: `aider chat started at ${started}`,
    format: 'aider',
    ...(model ? { model } : {}),
    steps,
    ...(reported
      ? {
          usage: {
            inputTokens: sent,
            outputTokens: received,
            ...(session !== undefined ? { costUsd: session } : {}),
            inputCounts: 'total',
          },
        }
      : {}),
    meta: {
      startedAt: started,
      ...(version ? { aiderVersion: version } : {}),
      ...(commands.length > 0 ? { commands } : {}),
    },
  };
}

export const aiderImporter = defineImporter<AiderChat>({
  id: 'aider',
  label: 'Aider chat history (.aider.chat.history.md)',
  detect: (value) => (value instanceof AiderChat ? value : undefined),
  import(chat, fileName) {
    const warnings: ImportWarning[] = [];
    const histories: History[] = [];
    let run: { started: string; lines: Line[] } | undefined;
    const flush = () => {
      if (!run) return;
      const h = runOf(run.lines, run.started, histories.length, fileName, warnings);
      if (h) histories.push(h);
    };
    chat.text.split('\n').forEach((raw, i) => {
      const [, started] = AIDER_RUN_START.exec(raw) ?? [];
      if (started !== undefined) {
        flush();
        run = { started, lines: [] };
      } else run?.lines.push(classify(raw.replace(/\r$/, ''), i + 1));
    });
    flush();
    if (histories.length === 0)
      throw new ImportError(`${fileName}: no run in this Aider chat history holds a message`);
    return { file: { histories }, warnings };
  },
});
