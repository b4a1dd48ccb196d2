/**
 * The wait after the `attempt`-th failure in a row (1 after the first): `firstMs`, then twice as
 * long after each further failure, never more than `maxMs`.
 */
export function doubling(firstMs: number, attempt: number, maxMs: number): number {
  // Past about 2^1024 the product is Infinity, which Math.min caps like any other long wait.
  return Math.min(maxMs, firstMs * 2 ** (attempt - 1))
}
