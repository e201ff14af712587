/** Seed 000's serialization: a JSON list of `{"type": "ActionStep", "data": {...}}` steps. */
import { z } from 'zod';
import { stepFromDict } from '../format/native';
import { STEP_TYPE_NAMES } from '../format/native-schema';
import { defineImporter, parsedBy } from './types';

const list = z
  .array(z.object({ type: z.string(), data: z.record(z.string(), z.unknown()) }))
  .min(1);

export const seedStepsImporter = defineImporter({
  id: 'seed-steps',
  label: 'Seed step list',
  // The list's shape is checked here; each step is read (and checked) by stepFromDict.
  detect: (value) => {
    const parsed = parsedBy(list, value);
    return parsed?.some((s) => STEP_TYPE_NAMES.some((name) => name === s.type))
      ? parsed
      : undefined;
  },
  import(records, fileName) {
    const steps = records.map((d, i) => ({
      ...stepFromDict(d, i),
      source: { format: 'seed-steps', file: fileName, pointer: `/${i}` },
    }));
    return {
      file: { histories: [{ id: fileName, title: fileName, format: 'seed-steps', steps }] },
      warnings: [],
    };
  },
});
