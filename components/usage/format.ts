/** Money as the usage view shows it: cents for amounts over a dollar, four decimals under. */
export function formatUsd(usd: number): string {
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}

/** A signed share, "+12.3%". */
export function formatShare(x: number): string {
  return `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;
}
