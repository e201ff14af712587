/**
 * Where a step's record sits in the loaded file, for the inspector's "original record".
 */

import type { Step } from '../../lib/model/types';

/**
 * Where a step's record sits in the loaded file: native files by position; imported formats by the
 * pointer their importer recorded (when it points into this file).
 */
export function recordLocation(
  format: string,
  fileName: string,
  historyIndex: number,
  stepIndex: number,
  step: Step | undefined,
  inSubAgent: boolean,
): { file: string; pointer: string } | undefined {
  if (!step) return undefined;
  // Our own files: the step's place in the file (a sub-agent's steps sit deeper than this pointer reaches).
  if (format === 'stepscope')
    return inSubAgent
      ? undefined
      : { file: fileName, pointer: `/histories/${historyIndex}/steps/${stepIndex}` };
  if (step.source?.pointer !== undefined && step.source.file !== undefined)
    return { file: step.source.file, pointer: step.source.pointer };
  return undefined;
}
