/**
 * The plan view's numbers in words: a count with its noun in the right number ("1 step", "2
 * steps"), and a percentage with the precision its size needs (issue 25: "1 steps", "0.00%"), so a
 * small share is not rounded to nothing and a large one does not carry digits nobody reads.
 */

/** `count noun`, with the noun's plural (the noun plus "s", or the one given) for any count but 1. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}

/**
 * A percentage (0 to 100, or past it) with two significant digits below 10 and none from 10 on:
 * 0 → "0%", 0.004 → "<0.01%", 0.0372 → "0.037%", 0.5 → "0.5%", 3.14 → "3.1%", 61.8 → "62%".
 */
export function percent(value: number): string {
  if (value === 0) return '0%';
  const size = Math.abs(value);
  if (size < 0.01) return `${value < 0 ? '>-' : '<'}0.01%`;
  if (size >= 10) return `${Math.round(value)}%`;
  return `${Number(value.toPrecision(2))}%`;
}
