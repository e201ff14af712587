import { describe, expect, it } from 'vitest';
import { importText, parseSource } from '.';
import type { Step } from '../model/types';

/** Lines as aider writes them: `> ` and `#### ` lines end with Markdown's two-space line break. */
const md = (...lines: string[]) =>
  lines.map((l) => (/^(> |>$|####)/.test(l) ? `${l}  ` : l)).join('\n') + '\n';

const stepsOf = (text: string) => importText(text, 'h.md').file.histories.flatMap((h) => h.steps);
const brief = (s: Step) =>
  s.kind === 'task' ? `task: ${s.task}` : s.kind === 'action' ? `reply: ${s.modelOutput}` : s.kind;

describe('Aider chat history', () => {
  it('reads a reply after a confirmation, rounded token counts, cache parts and per-message cost', () => {
    const text = md(
      '# aider chat started at 2025-12-03 14:43:45',
      '',
      '> Aider v0.86.1',
      '> Model: openrouter/openai/gpt-4o-mini with diff edit format',
      '',
      '#### Please create a README',
      '#### with two sections',
      '',
      '> README.md',
      '> Add file to the chat? (Y)es/(N)o [Yes]: y',
      '',
      'Here is the README.',
      '',
      'It has two sections.',
      '',
      '> Tokens: 2.4k sent, 1.2k cache write, 300 cache hit, 104 received. Cost: $0.00042 message, $0.00095 session.',
      '> Applied edit to README.md',
    );
    const [run] = importText(text, 'h.md').file.histories;
    expect(run?.steps.map(brief)).toEqual([
      'task: Please create a README\nwith two sections',
      'reply: Here is the README.\n\nIt has two sections.',
    ]);
    expect(run?.steps[1]?.kind === 'action' && run.steps[1].usage).toEqual({
      inputTokens: 2400,
      outputTokens: 104,
      cacheCreationInputTokens: 1200,
      cacheReadInputTokens: 300,
      costUsd: 0.00042,
      inputCounts: 'total',
    });
    expect(run?.usage).toEqual({
      inputTokens: 2400,
      outputTokens: 104,
      costUsd: 0.00095,
      inputCounts: 'total',
    });
    expect(run?.model).toBe('openrouter/openai/gpt-4o-mini');
  });

  it("keeps aider's output that runs on over plain lines out of the replies (/show-repo)", () => {
    const text = md(
      '# aider chat started at 2024-08-05 20:40:10',
      '',
      '> Here are summaries of some files present in my git repository.',
      'Do not propose changes to these files, treat them as *read-only*.',
      'aider/args.py',
      '',
      '#### what does args.py do?',
      '',
      'It parses the command line.',
      '',
      '> Tokens: 1,024 sent, 7 received.',
    );
    expect(stepsOf(text).map(brief)).toEqual([
      'task: what does args.py do?',
      'reply: It parses the command line.',
    ]);
  });

  it('lists slash commands apart and skips runs without a message; a Markdown file of another kind is named', () => {
    const text = md(
      '# aider chat started at 2024-01-01 10:00:00',
      '',
      '> Aider v0.40.0',
      '',
      '# aider chat started at 2024-01-01 10:05:00',
      '',
      '#### /add a.py',
      '> Added a.py to the chat',
      '',
      '#### fix a.py',
      '',
    );
    const { file } = importText(text, 'h.md');
    expect(file.histories.map((h) => [h.title, h.steps.map(brief), h.meta?.commands])).toEqual([
      ['aider chat started at 2024-01-01 10:05:00', ['task: fix a.py'], ['/add a.py']],
    ]);
    expect(() => parseSource('# Notes\n\nnot aider\n', 'notes.md')).toThrow(
      'notes.md: a Markdown file that is not an Aider chat history (it should start with "# aider chat started at")',
    );
    expect(() => importText(md('# aider chat started at x', '', '> Aider v1'), 'h.md')).toThrow(
      'h.md: no run in this Aider chat history holds a message',
    );
  });
});
