/** A strategy's result as a file (native format, or messages in a dialect), downloaded or copied. */
import { serializeNative } from '../../lib/format/native';
import { toMessages, type Dialect } from '../../lib/messages';
import type { History, Step } from '../../lib/model/types';

export type ExportFormat =
  'native' | Extract<Dialect, 'openai' | 'anthropic' | 'strands' | 'session-trajectory'>;

/** The message formats a strategy's result is exported in, as their buttons name them. */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  'native',
  'openai',
  'anthropic',
  'strands',
  'session-trajectory',
];

/** The dialect on screen when it is one a result exports in, else OpenAI's. */
export function exportDialectOf(dialect: Dialect): Exclude<ExportFormat, 'native'> {
  return dialect === 'openai' ||
    dialect === 'anthropic' ||
    dialect === 'strands' ||
    dialect === 'session-trajectory'
    ? dialect
    : 'openai';
}

export function exportText(
  history: History,
  steps: readonly Step[],
  strategyLabel: string,
  format: ExportFormat,
): string {
  if (format === 'native')
    return serializeNative({
      histories: [
        {
          ...history,
          title: `${history.title ?? history.id} · ${strategyLabel}`,
          steps,
          children: [],
        },
      ],
    });
  return `${JSON.stringify(toMessages(steps, format), null, 2)}\n`;
}

export function exportFileName(history: History, strategyId: string, format: ExportFormat): string {
  const base = (history.title ?? history.id).replace(/[^\w.-]+/g, '_').slice(0, 60);
  return `${base}.${strategyId}.${format === 'native' ? 'stepscope' : format}.json`;
}

export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
