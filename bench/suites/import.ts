/**
 * Import of the generated 52 MB history against `JSON.parse` of the same text (target ≤ 1.3×), and of
 * a plain OTLP/JSON export of the same order (the real kagent Tempo export, its traces repeated with
 * their own ids) against its `JSON.parse`: the OTLP mapping plus the span readers (target ≤ 3×).
 */
import { readFileSync } from 'node:fs';
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import { generatedText } from '../lib/data';
import { alternate, type Row } from '../lib/harness';

const KAGENT = new URL(
  '../../test/fixtures/real/otel-genai/kagent_tempo_export_with_batches.json',
  import.meta.url,
);

/** The kagent export's batches `copies` times, each copy's trace, span and parent ids its own. */
function otlpText(copies: number): string {
  const batches = (JSON.parse(readFileSync(KAGENT, 'utf8')) as { batches: unknown[] }).batches;
  const one = JSON.stringify(batches);
  const parts: string[] = [];
  for (let k = 0; k < copies; k++) {
    const prefix = k.toString(16).padStart(8, '0');
    parts.push(
      one
        .slice(1, -1)
        .replace(
          /"(traceId|spanId|parentSpanId)":"([0-9a-f]{8})([0-9a-f]*)"/g,
          (_m, key: string, _head: string, tail: string) => `"${key}":"${prefix}${tail}"`,
        ),
    );
  }
  return `{"batches":[${parts.join(',')}]}`;
}

export async function importSuite(rounds: number): Promise<Row[]> {
  return [...(await generatedRows(rounds)), ...(await otlpRows(rounds))];
}

async function otlpRows(rounds: number): Promise<Row[]> {
  const text = otlpText(200);
  const mb = (text.length / 2 ** 20).toFixed(0);
  let runs = 0;
  const m = await alternate(
    rounds,
    () => JSON.parse(text),
    () => {
      runs = importSources([parseSource(text, 'otlp.json')]).histories.length;
    },
  );
  return [
    {
      id: 'import-otlp',
      what: `import an OTLP/JSON export, ${mb} MB (${runs.toLocaleString('en-US')} traces): parseSource + importSources`,
      baseline: { label: 'JSON.parse', ms: m.baseline },
      project: m.project,
      value: m.project.median / m.baseline.median,
      unit: 'ratio',
      target: { op: '<=', value: 3 },
    },
  ];
}

async function generatedRows(rounds: number): Promise<Row[]> {
  const text = generatedText();
  const mb = (text.length / 2 ** 20).toFixed(0);
  let steps = 0;
  const m = await alternate(
    rounds,
    () => JSON.parse(text),
    () => {
      steps = importSources([parseSource(text, 'generated.json')]).histories[0]?.steps.length ?? 0;
    },
  );
  return [
    {
      id: 'import',
      what: `import ${mb} MB (${steps.toLocaleString('en-US')} steps): parseSource + importSources`,
      baseline: { label: 'JSON.parse', ms: m.baseline },
      project: m.project,
      value: m.project.median / m.baseline.median,
      unit: 'ratio',
      target: { op: '<=', value: 1.3 },
    },
  ];
}
