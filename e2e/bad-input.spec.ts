/** Bad input in the app: the CLI's one-line message, shown where the user looks, and what was open stays open. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TAU = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
);

test('a text file, deep nesting and UTF-16: the message names the file, the open run stays, UTF-16 loads', async ({
  page,
}) => {
  await page.goto('/?sample=tau-bench-airline-task3');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Timeline · 42 steps')).toBeVisible();
  const input = page.getByLabel('Open another history file');
  const alert = page.getByRole('alert', { name: 'File error' });

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello world\n'),
  });
  await expect(alert).toContainText(
    "notes.txt: invalid JSON at line 1, column 1: unexpected 'h' at the start (not a JSON file?)",
  );
  await expect(timeline.getByText('Timeline · 42 steps')).toBeVisible();

  await input.setInputFiles({
    name: 'deep.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      `[{"role": "user", "content": ${'['.repeat(100_000)}${']'.repeat(100_000)}}]`,
    ),
  });
  await expect(alert).toContainText(
    'deep.json: the JSON nests more than 500 levels deep (at /0/content/0/0/0',
  );
  await expect(timeline.getByText('Timeline · 42 steps')).toBeVisible();

  const text = readFileSync(TAU, 'utf8');
  await input.setInputFiles({
    name: 'windows.json',
    mimeType: 'application/json',
    buffer: Buffer.from(`\uFEFF${text}`, 'utf16le'),
  });
  await expect(page.getByRole('banner')).toContainText('windows.json');
  await expect(timeline.getByText('Timeline · 42 steps')).toBeVisible();
  await expect(alert).toHaveCount(0);
});
