/**
 * lib/README.md maps every module of lib/ (STYLE.md §1: one line per folder, and here the import
 * folder module by module): a module nobody can find in it is a module the next person cannot place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LIB = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib');
const README = readFileSync(join(LIB, 'README.md'), 'utf8');

function modules(): string[] {
  return readdirSync(LIB, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
}

/** A module is named as `name.ts` or `name` in backticks, or by its family (`claude-code-*`). */
function named(path: string): boolean {
  const name = path.split('/').at(-1)?.replace(/\.ts$/, '') ?? path;
  if (README.includes(`\`${name}.ts\``) || README.includes(`\`${name}\``)) return true;
  const families = [...README.matchAll(/`([a-z0-9-]+)-\*`/g)].map((m) => m[1]);
  return families.some((f) => name.startsWith(`${f}-`));
}

describe('lib/README.md', () => {
  it('names every module of lib/', () => {
    const all = modules();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((m) => !named(m)).map((m) => relative('.', m))).toEqual([]);
  });

  it('names no module that is gone', () => {
    const present = new Set(modules().map((m) => m.split('/').at(-1)));
    const mentioned = [...README.matchAll(/`([a-z0-9-]+\.ts)`/g)].map((m) => m[1] ?? '');
    expect(mentioned.filter((m) => !present.has(m))).toEqual([]);
  });
});
