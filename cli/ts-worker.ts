/**
 * A worker thread running one of the CLI's TypeScript modules. A worker starts without the loader
 * the main thread runs under (`tsx cli/…`): a two-line module registers tsx's (resolved from here,
 * wherever the CLI is run from), then imports the module.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startTsWorker(module: URL, options: WorkerOptions = {}): Worker {
  const boot = [
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
    'register();',
    `await import(${JSON.stringify(module.href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}
