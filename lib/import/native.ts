/** Stepscope's own format (lib/format/native-schema.ts). */
import { z } from 'zod';
import { parseNative } from '../format/native';
import { NATIVE_FORMAT } from '../format/native-schema';
import { defineImporter, fits } from './types';

const envelope = z.object({ format: z.literal(NATIVE_FORMAT) });

export const nativeImporter = defineImporter({
  id: 'stepscope',
  label: 'Stepscope native',
  // The envelope says it is ours; the whole file is checked (and read) by parseNative.
  detect: (value) => (fits(envelope, value) ? value : undefined),
  import: (value) => ({ file: parseNative(value), warnings: [] }),
});
