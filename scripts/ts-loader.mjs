/**
 * Node's module hooks for the CLI and the bench: TypeScript compiled file by file with esbuild's
 * `transform`, as the app's build compiles it. tsx (which ran them before) compiles with esbuild's
 * `keepNames`, which wraps every function and closure made at run time in a `__name` call
 * (`Object.defineProperty` on the new function): on a 10,000-call comparison of seed 002's window,
 * applied in place after every query, that was half the time (1,068 against 564 ms, BENCHMARKS.md
 * "Ninth round"), a cost the browser never pays. Imports without an extension resolve as the
 * bundler does (`moduleResolution: "Bundler"`): `x` is `x.ts`, `x.tsx` or `x/index.ts`. Each
 * compiled file is kept in node_modules/.cache/stepscope-ts by the hash of its path and text, so a
 * start compiles only what changed (a cold start of `stepscope inspect` took 0.4 s longer).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { transform, version } from 'esbuild';

const TYPESCRIPT = /\.(?:m?ts|tsx)$/;
const SUFFIXES = ['.ts', '.tsx', '/index.ts'];
const NOT_FOUND = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT']);
const CACHE = new URL('../node_modules/.cache/stepscope-ts/', import.meta.url);

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const local = /^\.{0,2}\//.test(specifier) || specifier.startsWith('file:');
    if (!local || !NOT_FOUND.has(error?.code)) throw error;
    for (const suffix of SUFFIXES) {
      try {
        return await next(specifier + suffix, context);
      } catch {
        // The next way of writing it.
      }
    }
    throw error;
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !TYPESCRIPT.test(new URL(url).pathname))
    return next(url, context);
  const file = fileURLToPath(url);
  const text = await readFile(file, 'utf8');
  const key = createHash('sha256').update(`${version}\0${file}\0${text}`).digest('hex');
  const cached = new URL(`${key}.mjs`, CACHE);
  const source = await readFile(cached, 'utf8').catch(() => compile(file, text, cached));
  return { format: 'module', source, shortCircuit: true };
}

async function compile(file, text, cached) {
  const { code } = await transform(text, {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    jsx: 'automatic',
    sourcemap: 'inline',
    sourcefile: file,
  });
  // Written aside and renamed: processes started together (a sharded run) never read half a file.
  // A cache that cannot be written (a read-only install) only costs the next start its compile.
  const aside = new URL(`${cached.href}.${process.pid}.${Math.random().toString(36).slice(2)}`);
  await mkdir(CACHE, { recursive: true })
    .then(() => writeFile(aside, code))
    .then(() => rename(aside, cached))
    .catch(() => undefined);
  return code;
}
