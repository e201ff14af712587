/**
 * The README's "How to read each number" and "Keyboard" sections say what the app says: each
 * definition's row is the definitions table's label and sentence (lib/charts/definitions.ts, which
 * the tooltips and the help page read), each shortcut's row the bindings table's keys and label
 * (components/shell/shortcuts.ts, which the `?` dialog lists). A changed definition or binding
 * fails here until the README says it too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORTCUTS } from '../components/shell/shortcuts';
import { DEFINITIONS, DEFINITION_GROUPS } from '../lib/charts/definitions';

const README = readFileSync(path.resolve(__dirname, '../README.md'), 'utf8');

function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  expect(start, `README has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

describe('README', () => {
  it('defines every figure as the app does, group by group', () => {
    const numbers = section('How to read each number');
    for (const [group, title] of Object.entries(DEFINITION_GROUPS)) {
      const start = numbers.indexOf(`**${title}**`);
      expect(start, title).toBeGreaterThan(-1);
      const end = numbers.indexOf('\n**', start + 1);
      const rows = numbers.slice(start, end === -1 ? undefined : end);
      for (const d of DEFINITIONS.filter((d) => d.group === group))
        expect(rows, d.id).toContain(`| ${d.label} | ${d.definition.replace(/\|/g, '\\|')} |`);
    }
  });

  it('lists every shortcut with its keys, as the ? dialog does', () => {
    const keyboard = section('Keyboard');
    for (const s of SHORTCUTS)
      expect(keyboard).toContain(`| ${s.keys.join(' or ')} | ${s.label} |`);
  });
});
