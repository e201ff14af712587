/**
 * The page's side of the history worker's protocol. Every message the worker sends comes in through
 * `receive`, one switch over the response types that the compiler checks for exhaustiveness (as the
 * worker's dispatcher is one over requests):
 * - an answer to `ask` resolves the asker's promise (a `failed` rejects it), its progress goes to the
 *   asker's callback;
 * - what a load or a recount streams (its progress, the file and the first run's steps, counts,
 *   library notes, its failure) goes to the stream listener with the id `stream` returned for it.
 * Free of worker and window globals: the port is anything with `postMessage`, so tests drive the
 * real dispatcher (handle-request.ts) through it.
 */
import { assertUnreachable } from '../model/steps';
import type {
  AnswerOf,
  Counting,
  CountRequest,
  FleetComparePartResponse,
  LoadingRequest,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

/** Where requests go: a Worker, or in tests the dispatcher itself. */
export interface WorkerPort {
  postMessage(request: WorkerRequest): void;
}

/** A request as the page writes it: the client gives it its id. */
type Unsent<R> = R extends unknown ? Omit<R, 'requestId'> : never;

/** A request that streams its answers (a load, a recount), as the page writes it. */
export type StreamRequest = Unsent<LoadingRequest | CountRequest>;

/** What a streaming request's answers are. */
export type StreamMessage = Extract<
  WorkerResponse,
  { type: 'progress' | 'loaded' | 'steps' | 'counts' | 'failed' | 'stored' | 'store-failed' }
>;

/**
 * A one-answer request as the page writes it, by type. A mapped type, so that for a generic `T`
 * `AskRequest<T>` is still known to be one of the worker's requests (TypeScript's correlated
 * unions), and `T` is inferred from the request's `type`.
 */
type AskRequests = { [T in keyof AnswerOf]: Extract<Unsent<WorkerRequest>, { type: T }> };
export type AskRequest<T extends keyof AnswerOf> = AskRequests[T] & { readonly type: T };

/** The worker said no: its message is the reason, for the user. */
export class WorkerError extends Error {
  override name = 'WorkerError';
}

export interface AskOptions {
  /** Progress from 0 to 1 (sweeps report one per value). */
  readonly onProgress?: (fraction: number) => void;
  /** Aborting drops the answer (the promise rejects with the signal's reason). */
  readonly signal?: AbortSignal;
  /** The runs a fleet comparison finished so far, as they come (`fleet-compare-part`). */
  readonly onPart?: (part: FleetComparePartResponse) => void;
}

/** Sends a one-answer request; resolves with its answer, rejects with a `WorkerError` when it fails. */
export type Ask = <T extends keyof AnswerOf>(
  request: AskRequest<T>,
  options?: AskOptions,
) => Promise<AnswerOf[T]>;

export interface WorkerClient {
  readonly ask: Ask;
  /** Starts a load or a recount; returns the id its streamed messages carry. */
  stream(request: StreamRequest): number;
  /** Tells the worker the page has drawn the first run of load `requestId` (`DrawnRequest`). */
  drawn(requestId: number): void;
  /**
   * Tells the worker a view that applies strategies is on screen (`PrepareRequest`): the loaded
   * file's strategy indexes are built for this counter. Nothing answers it.
   */
  prepare(counting: Counting): void;
  /** Every message from the worker. */
  receive(message: WorkerResponse): void;
}

/** The response type each one-answer request gets. */
const ANSWER_TYPE: { readonly [T in keyof AnswerOf]: AnswerOf[T]['type'] } = {
  run: 'run',
  step: 'step',
  whole: 'whole',
  search: 'found',
  record: 'record',
  compare: 'compared',
  'context-at': 'contexts',
  sweep: 'swept',
  fleet: 'fleet-rows',
  'fleet-compare': 'fleet-compared',
  pair: 'paired',
};

type Answer = AnswerOf[keyof AnswerOf];

/** Whether an answer is the one a request of type `type` gets. */
function answers<T extends keyof AnswerOf>(type: T, m: Answer): m is AnswerOf[T] {
  return m.type === ANSWER_TYPE[type];
}

interface Waiting {
  /** Takes the answer its request gets; false when this one is of another type. */
  readonly take: (answer: Answer) => boolean;
  readonly reject: (error: Error) => void;
  readonly onProgress?: (fraction: number) => void;
  readonly onPart?: (part: FleetComparePartResponse) => void;
}

/** Requests the worker stops when their asker gives up (it yields between runs to hear it). */
const CANCELLABLE: ReadonlySet<string> = new Set(['fleet-compare']);

export function createWorkerClient(
  port: WorkerPort,
  onStream: (message: StreamMessage) => void,
): WorkerClient {
  // Streams count up from 1, asks down from -1: an id says which kind of request it answers.
  let lastStream = 0;
  let lastAsk = 0;
  const waiting = new Map<number, Waiting>();

  const ask: Ask = (request, { signal, onProgress, onPart } = {}) => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const requestId = --lastAsk;
    return new Promise((resolve, reject) => {
      const forget = () => {
        waiting.delete(requestId);
        if (CANCELLABLE.has(request.type)) port.postMessage({ type: 'cancel', requestId });
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', forget, { once: true });
      const done = () => signal?.removeEventListener('abort', forget);
      waiting.set(requestId, {
        take: (m) => {
          if (!answers(request.type, m)) return false;
          done();
          resolve(m);
          return true;
        },
        reject: (error) => {
          done();
          reject(error);
        },
        ...(onProgress ? { onProgress } : {}),
        ...(onPart ? { onPart } : {}),
      });
      port.postMessage({ ...request, requestId });
    });
  };

  /** The asker waiting for this id, once: an answer or a failure ends the wait. */
  const takeWaiting = (requestId: number) => {
    const w = waiting.get(requestId);
    waiting.delete(requestId);
    return w;
  };

  /** An answer to a one-answer request (dropped when its asker gave up). */
  const answer = (m: Answer) => {
    const w = takeWaiting(m.requestId);
    if (w && !w.take(m))
      w.reject(new WorkerError(`The worker's answer (${m.type}) is not the one its request gets`));
  };

  return {
    ask,
    stream(request) {
      const requestId = ++lastStream;
      port.postMessage({ ...request, requestId });
      return requestId;
    },
    drawn(requestId) {
      port.postMessage({ type: 'drawn', requestId });
    },
    prepare({ tokenizer, dialect }) {
      port.postMessage({ type: 'prepare', requestId: --lastAsk, tokenizer, dialect });
    },
    receive(m) {
      switch (m.type) {
        case 'progress':
          if (m.requestId < 0) waiting.get(m.requestId)?.onProgress?.(m.progress);
          else onStream(m);
          return;
        case 'failed':
          if (m.requestId < 0) takeWaiting(m.requestId)?.reject(new WorkerError(m.message));
          else onStream(m);
          return;
        case 'fleet-compare-part':
          waiting.get(m.requestId)?.onPart?.(m);
          return;
        case 'loaded':
        case 'steps':
        case 'counts':
        case 'stored':
        case 'store-failed':
          return onStream(m);
        case 'run':
        case 'step':
        case 'whole':
        case 'found':
        case 'record':
        case 'compared':
        case 'swept':
        case 'contexts':
        case 'fleet-rows':
        case 'fleet-compared':
        case 'paired':
          return answer(m);
        default:
          return assertUnreachable(m);
      }
    },
  };
}
