/**
 * Every result linked (issue 23), seen as a user sees it: a Cline task folder and OTLP/JSON exports
 * opened in Chromium; the inspector of a step with tool calls shows each call's result, the text the
 * importer linked to it in Node, and no "No result recorded" note.
 */
import { expect, test } from '@playwright/test';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ActionStep } from '../lib/model/types';
import { expected, FIXTURES, SHOTS } from './expected';

const CASES: [what: string, rel: string][] = [
  ['a Roo Code task folder', 'real/cline/e73ea764-4971-4adb-9197-52c2f8ede8ef'],
  ['a Cline task folder with XML tool use', 'derived/cline/cc_me-next_b25638d7'],
  [
    'an OTLP/JSON export under a Tempo wrapper',
    'real/otel-genai/kagent_tempo_export_with_batches.json',
  ],
  [
    'a single OTLP/JSON export (spans and logs)',
    'real/otel-genai/agentevals__adk_py_v1_default_S2.json',
  ],
  ['OTLP/JSON Lines as the Collector writes them', 'derived/kagent_collector_file_export.jsonl'],
];

for (const [what, rel] of CASES) {
  test(`${what} shows its tool results linked in the inspector: ${rel}`, async ({ page }) => {
    const first = expected(rel).histories[0];
    if (!first) throw new Error(`${rel} has no history`);
    // The first step whose calls all have a result.
    const step = first.steps.find(
      (s): s is ActionStep =>
        s.kind === 'action' &&
        s.toolCalls.length > 0 &&
        s.toolCalls.every((c) => c.result !== undefined && c.result.trim() !== ''),
    );
    if (!step) throw new Error(`${rel}: no step with linked results`);
    await page.goto('/');
    const full = path.join(FIXTURES, rel);
    await (
      statSync(full).isDirectory()
        ? page.getByLabel('Choose a history folder')
        : page.getByLabel('Choose a history file')
    ).setInputFiles(full);
    await expect(page.getByRole('alert', { name: 'File error' })).toHaveCount(0);
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('button', { name: new RegExp(`^Step ${step.stepNumber} `) })
      .click();
    const inspector = page.getByRole('region', { name: 'Step inspector' });
    await expect(inspector.getByRole('heading', { name: `Step ${step.stepNumber}` })).toBeVisible();
    await expect(inspector).toContainText(`Tool calls (${step.toolCalls.length})`);
    for (const call of step.toolCalls) {
      const result = inspector.getByLabel(`Result of ${call.name}`).first();
      await expect(result).toBeVisible();
      // The first line of the result as the importer linked it (JSON is shown indented).
      const line = (call.result ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
      if (!line.trim().startsWith('{') && !line.trim().startsWith('['))
        await expect(result).toContainText(line.trim().slice(0, 60));
    }
    await expect(inspector.getByText('No result recorded for this call.')).toHaveCount(0);
    await page.screenshot({
      path: path.join(SHOTS, `linked-${path.basename(rel).replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
  });
}
