/**
 * A worker thread running one of the CLI's TypeScript modules. A worker starts without the hooks
 * the main thread runs under (`node --import ./scripts/ts-register.mjs cli/…`): a one-line module
 * registers them (resolved from here, wherever the CLI is run from), then imports the module.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startTsWorker(module: URL, options: WorkerOptions = {}): Worker {
  const boot = [
    `import ${JSON.stringify(new URL('../scripts/ts-register.mjs', import.meta.url).href)};`,
    `await import(${JSON.stringify(module.href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}
