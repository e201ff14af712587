/** Import of the generated 52 MB history against `JSON.parse` of the same text (target ≤ 2×). */
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import { generatedText } from '../lib/data';
import { alternate, type Row } from '../lib/harness';

export async function importSuite(rounds: number): Promise<Row[]> {
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
      target: { op: '<=', value: 2 },
    },
  ];
}
