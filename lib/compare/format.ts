/**
 * Numbers as the views write them, so that every view says a count, a share and a factor the same
 * way: "1 step" and "30 steps", "13%" rather than "13.07%" or "0.00%", "18.8× one pass" rather than
 * a bare "×18.8".
 */

const COUNT = new Intl.NumberFormat('en-US');

/** "1 call", "2,400 calls". */
export function countOf(n: number, one: string, many: string): string {
  return `${COUNT.format(n)} ${n === 1 ? one : many}`;
}

/**
 * A share as a person reads it: whole percents from 10%, one decimal below ("4.5%"), "under 0.1%"
 * for a share that is not zero, and never a run of zeros after the point.
 */
export function formatPercent(x: number): string {
  const p = 100 * Math.abs(x);
  const sign = x < 0 ? '−' : '';
  if (p === 0) return '0%';
  if (p < 0.1) return `${sign}under 0.1%`;
  return `${sign}${p < 10 ? p.toFixed(1).replace(/\.0$/, '') : Math.round(p)}%`;
}

/** How many times a total is a unit, said with what the unit is: "18.8× one pass". */
export function formatFactor(total: number, unit: number, unitName: string): string | undefined {
  if (!(unit > 0)) return undefined;
  const f = total / unit;
  return `${f < 10 ? f.toFixed(1) : Math.round(f).toLocaleString('en-US')}× ${unitName}`;
}
