/** Runs a custom strategy's code in a fresh sandbox worker, stopped after the time limit. */
import {
  CUSTOM_TIME_LIMIT_MS,
  type CustomOutput,
  type CustomRunner,
} from '../../lib/compare/custom-run';

/** The function's output, or why it failed (a message for the column). */
export const runInSandbox: CustomRunner = (code, steps, callIndices, contextWindow) =>
  new Promise((resolve) => {
    const worker = new Worker(new URL('./sandbox.worker.ts', import.meta.url));
    const timer = setTimeout(() => {
      worker.terminate();
      resolve(`the function ran longer than ${CUSTOM_TIME_LIMIT_MS / 1000} s and was stopped`);
    }, CUSTOM_TIME_LIMIT_MS);
    worker.onmessage = (
      event: MessageEvent<{ ok: true; output: CustomOutput } | { ok: false; message: string }>,
    ) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(event.data.ok ? event.data.output : `the function failed: ${event.data.message}`);
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(`the function failed: ${event.message}`);
    };
    worker.postMessage({ code, steps, callIndices, contextWindow });
  });
