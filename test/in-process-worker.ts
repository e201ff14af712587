/**
 * The history worker in the test's own thread: a port for the page's client (lib/worker/client.ts)
 * that hands each request to the worker's real dispatcher (lib/worker/handle-request.ts), or to a
 * test's own answers, every message copied with `structuredClone` and delivered on a later task,
 * as `postMessage` does between threads; many files cross in parts, as the browser port sends them
 * (lib/worker/wire.ts).
 */
import { createWorkerClient, type StreamMessage, type WorkerClient } from '../lib/worker/client';
import type { WorkerPort } from '../lib/worker/client';
import { createWorkerHandler } from '../lib/worker/handle-request';
import type { WorkerRequest, WorkerResponse } from '../lib/worker/protocol';
import { createGatherer, toWire } from '../lib/worker/wire';

type Unsent<R> = R extends unknown ? Omit<R, 'requestId'> : never;

/** A test's worker: the answer to a request (its id is added), or undefined to refuse it. */
export type Respond = (
  request: WorkerRequest,
) => Promise<Unsent<WorkerResponse> | undefined> | Unsent<WorkerResponse> | undefined;

/** A port to the real dispatcher, or to `respond` when given; `sent` lists every request. */
export function inProcessPort(
  onMessage: (message: WorkerResponse) => void,
  respond?: Respond,
): WorkerPort & { readonly sent: WorkerRequest[] } {
  const sent: WorkerRequest[] = [];
  const deliver = (m: WorkerResponse) => setTimeout(() => onMessage(structuredClone(m)), 0);
  const handle = createWorkerHandler(deliver);
  const gather = createGatherer();
  return {
    sent,
    postMessage(request) {
      sent.push(request);
      // Across the wire as the browser port sends it: many files in parts, gathered in order.
      for (const message of toWire(request)) {
        const part = structuredClone(message);
        setTimeout(() => {
          const whole = gather(part);
          if (whole) void reply(whole);
        }, 0);
      }
    },
  };
  async function reply(copy: WorkerRequest) {
    if (!respond) return void handle(copy);
    const answer = await respond(copy);
    deliver(
      answer
        ? { ...answer, requestId: copy.requestId }
        : {
            type: 'failed',
            requestId: copy.requestId,
            message: `${copy.type} is not answered in this test`,
          },
    );
  }
}

export interface InProcessWorker {
  readonly client: WorkerClient;
  /** Every request the page sent, in order. */
  readonly sent: readonly WorkerRequest[];
  /** Every streamed message the client passed on, in order. */
  readonly streamed: StreamMessage[];
}

/** A client on the real dispatcher, with what it sent and what it streamed. */
export function inProcessWorker(): InProcessWorker {
  const streamed: StreamMessage[] = [];
  const port = inProcessPort((m) => client.receive(m));
  const client = createWorkerClient(port, (m) => streamed.push(m));
  return { client, sent: port.sent, streamed };
}
