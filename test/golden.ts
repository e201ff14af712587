/**
 * A golden file's text for an import: every history, step and tool call on one line each, long
 * texts cut to their start and length, so a reviewer can read what an importer made of a file and
 * a change in any field shows up in the diff.
 */
import type { History, Step } from '../lib/model/types';
import type { ImportedFiles } from '../lib/import/files';

function cut(text: string | undefined, max = 90): string {
  if (text === undefined) return '';
  const flat = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${flat}… (${text.length} chars)` : flat;
}

function stepLine(s: Step): string {
  const head = [
    `${s.stepNumber}`,
    s.kind,
    s.timestamp === undefined ? '' : `t=${s.timestamp}`,
    s.planStepId ? `plan=${s.planStepId}` : '',
    s.source?.line ? `line ${s.source.line}` : '',
    s.source?.pointer ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  switch (s.kind) {
    case 'system-prompt':
      return `${head}: ${cut(s.content)}`;
    case 'task':
      return `${head}: ${cut(s.task)}`;
    case 'final-answer':
      return `${head}: ${cut(s.answer)}`;
    case 'planning':
      return `${head}: ${cut(s.plan)}${s.planItems ? ` items=${JSON.stringify(s.planItems)}` : ''}`;
    case 'scratchpad':
      return `${head}: ${cut(s.content)} | ${cut(s.modelOutput)}`;
    case 'summary':
      return `${head}: ${cut(s.content)} replaces=${JSON.stringify(s.replaces)} origin=${s.origin}`;
    case 'action': {
      const parts = [
        s.isFinal ? 'FINAL' : '',
        s.model ? `model=${s.model}` : '',
        s.usage ? `usage=${JSON.stringify(s.usage)}` : '',
        s.durationMs === undefined ? '' : `${s.durationMs}ms`,
        s.thought ? `thought=${cut(s.thought, 60)}` : '',
        s.modelOutput ? `output=${cut(s.modelOutput)}` : '',
        s.observation !== undefined ? `observation=${cut(s.observation)}` : '',
        s.error !== undefined ? `error=${cut(s.error)}` : '',
      ].filter(Boolean);
      const calls = s.toolCalls.map(
        (c) =>
          `\n      call ${c.id} ${c.name}(${cut(JSON.stringify(c.arguments), 80)}) -> ${c.result === undefined ? 'NO RESULT' : cut(c.result, 70)}${c.isError ? ' ERROR' : ''}`,
      );
      return `${head}: ${parts.join(' ')}${calls.join('')}`;
    }
  }
}

function historyLines(h: History, indent: string): string[] {
  const meta = [
    h.model ? `model=${h.model}` : '',
    h.outcome ? `outcome=${JSON.stringify(h.outcome)}` : '',
    h.usage ? `usage=${JSON.stringify(h.usage)}` : '',
    h.meta ? `meta=${cut(JSON.stringify(h.meta), 120)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const lines = [
    `${indent}# ${h.id} | ${h.title ?? ''} | ${h.format ?? ''} | ${h.steps.length} steps ${meta}`.trimEnd(),
  ];
  for (const s of h.steps) {
    lines.push(`${indent}  ${stepLine(s)}`);
    for (const c of (h.children ?? []).filter((x) => x.parentStepId === s.id))
      lines.push(...historyLines(c.history, `${indent}    `));
  }
  return lines;
}

export function outline(imported: ImportedFiles): string {
  return [
    `formats: ${imported.formats.join(', ')}`,
    ...imported.warnings.map((w) => `warning: ${w}`),
    ...imported.failures.map((f) => `failure: ${f}`),
    '',
    ...imported.histories.flatMap((h) => historyLines(h, '')),
    '',
  ].join('\n');
}
