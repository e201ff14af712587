/**
 * Moving the selection through the steps of the view on screen (the timeline's order, or the
 * table's filtered and sorted rows), as ↑/↓ and j/k do in Chrome DevTools' and Perfetto's lists:
 * from nothing selected, down starts at the first step and up at the last; at either end the
 * selection stays (no wrap, so holding a key never jumps back to the top).
 */

/** The step `delta` places from `current` in `order`; undefined when `order` is empty. */
export function neighbourStep(
  order: readonly string[],
  current: string | undefined,
  delta: number,
): string | undefined {
  if (order.length === 0) return undefined;
  const at = current === undefined ? -1 : order.indexOf(current);
  if (at < 0) return delta >= 0 ? order[0] : order[order.length - 1];
  return order[Math.max(0, Math.min(order.length - 1, at + delta))];
}
