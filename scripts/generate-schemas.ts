/**
 * Writes the committed JSON Schemas from their zod sources: the native file format
 * (lib/format/stepscope.schema.json) and the CLI's --json output (cli/output.schema.json).
 * `npm run schemas`; a test fails when a committed file differs from what this generates.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { cliOutput } from '../cli/output-schema';
import { nativeFileSchema } from '../lib/format/native-schema';

export const SCHEMAS = [
  {
    path: 'lib/format/stepscope.schema.json',
    schema: nativeFileSchema,
    title: 'Stepscope native history file, version 1',
  },
  { path: 'cli/output.schema.json', schema: cliOutput, title: 'Stepscope CLI --json output' },
] as const;

export function renderSchema(entry: (typeof SCHEMAS)[number]): string {
  const json = z.toJSONSchema(entry.schema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ title: entry.title, ...json }, null, 2)}\n`;
}

if (process.argv[1]?.endsWith('generate-schemas.ts')) {
  for (const entry of SCHEMAS) {
    writeFileSync(entry.path, renderSchema(entry));
    process.stdout.write(`wrote ${entry.path}\n`);
  }
}
