/**
 * How requests cross to the history worker. Posting a picked `File` costs the page ~0.7 ms (the
 * browser registers the Blob for the worker), so a folder of 500 runs in one message was one task of
 * 350-580 ms on the page. A request that carries more than `FILES_PER_PART` files crosses instead as
 * parts of that many files each, which the page posts one task at a time, then the request itself
 * with no files; the worker gathers the parts back in order (`createGatherer`) and handles the
 * request as it was sent. Every other request crosses as it is.
 */
import type { WorkerRequest } from './protocol';

export const FILES_PER_PART = 25;

/** A request that carries files: picked ones, or texts of a bundled example. */
type WithFiles = Extract<WorkerRequest, { readonly files: readonly unknown[] }>;
type AnyFile = WithFiles['files'][number];

/** Some of the next request's files, in order. */
export interface FilesPart {
  readonly type: 'files-part';
  readonly files: readonly AnyFile[];
}
/** The request whose files came before it in parts. */
export interface Gathered {
  readonly type: 'files-gathered';
  readonly request: WithFiles;
}
export type WireMessage = WorkerRequest | FilesPart | Gathered;

function carriesFiles(request: WorkerRequest): request is WithFiles {
  return 'files' in request;
}

/** The messages that carry `request`: itself, or its files in parts and then the request. */
export function toWire(request: WorkerRequest, perPart = FILES_PER_PART): WireMessage[] {
  if (!carriesFiles(request) || request.files.length <= perPart) return [request];
  const files: readonly AnyFile[] = request.files;
  const parts: WireMessage[] = [];
  for (let at = 0; at < files.length; at += perPart)
    parts.push({ type: 'files-part', files: files.slice(at, at + perPart) });
  parts.push({ type: 'files-gathered', request: { ...request, files: [] } });
  return parts;
}

/** The worker's side: each message in, the request it completes out (or nothing, for a part). */
export function createGatherer(): (message: WireMessage) => WorkerRequest | undefined {
  let pending: AnyFile[] = [];
  return (message) => {
    switch (message.type) {
      case 'files-part':
        pending.push(...message.files);
        return undefined;
      case 'files-gathered': {
        const files = pending;
        pending = [];
        // The parts were cut from this request's own `files`, so they have its element type.
        return { ...message.request, files } as WithFiles;
      }
      default:
        return message;
    }
  };
}
