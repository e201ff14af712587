/**
 * Error classes and error wording shared across the core, with no imports of their own (a leaf):
 * the importers, the native format and the strategy registry all raise or word errors through here
 * without depending on one another.
 */
import type { ZodError } from 'zod';

/** A file Stepscope cannot read, with a reason a person can act on (shown as it is in the UI and the CLI). */
export class ImportError extends Error {
  override name = 'ImportError';
}

/** A zod error as one line: where (the path, `(root)` at the top) and what is wrong there. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  const path = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `${path}: ${issue.message}`;
}
