/** The bundled examples (public/samples/) and test fixtures, read the way the app reads a picked file. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource } from '../lib/import';
import { importSources } from '../lib/import/files';
import type { History } from '../lib/model/types';

// A path from a string, not a URL object: component tests run under happy-dom, whose URL node's fs refuses.
const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'samples');

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A test fixture's text (a path under test/fixtures/, e.g. `real/openai-chat/…`). */
export function fixtureText(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/** A bundled example's text. */
export function sampleText(name: string): string {
  return readFileSync(join(SAMPLES, name), 'utf8');
}

/** A bundled example's first run. */
export function sampleRun(name: string): History {
  const run = importSources([parseSource(sampleText(name), name)]).histories[0];
  if (!run) throw new Error(`${name} did not import`);
  return run;
}
