/**
 * Counts type assertions (`x as T`, `<T>x`; `as const` is not one) in the non-test sources of a
 * folder, and fails past a limit: `tsx scripts/count-casts.ts lib/import --max 25 [--list]`.
 * `npm run lint` prints the count for lib/import, where a file's value is read by checking it
 * (zod, guards), so a cast is a check skipped; the few left cross a real boundary and say why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The type assertions in one source text. */
export function castsIn(fileName: string, text: string): number {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const t = node.type;
      const isConst = ts.isTypeReferenceNode(t) && t.typeName.getText(source) === 'const';
      if (!isConst) n++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(folder, f))
    .sort();
}

function main(argv: readonly string[]): number {
  const folder = argv.find((a) => !a.startsWith('--'));
  const maxAt = argv.indexOf('--max');
  const max = maxAt >= 0 ? Number(argv[maxAt + 1]) : Infinity;
  if (!folder || Number.isNaN(max)) {
    process.stderr.write('usage: count-casts <folder> [--max N] [--list]\n');
    return 2;
  }
  const counts = sourcesUnder(folder)
    .map((file) => ({ file, n: castsIn(file, readFileSync(file, 'utf8')) }))
    .filter((c) => c.n > 0);
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  if (argv.includes('--list'))
    for (const c of [...counts].sort((a, b) => b.n - a.n))
      process.stdout.write(`${String(c.n).padStart(4)} ${c.file}\n`);
  process.stdout.write(
    `${total} type assertion${total === 1 ? '' : 's'} in ${folder} (limit ${max})\n`,
  );
  return total > max ? 1 : 0;
}

// Run as a script (npm run lint), not when a test imports `castsIn`.
if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
