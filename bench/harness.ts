/** A benchmark result line: what was measured, the figure, its unit, and the target if any. */
export interface BenchResult {
  readonly name: string
  readonly value: number
  readonly unit: string
  /** The figure must be at least (or at most) this. */
  readonly target?: { readonly atLeast?: number; readonly atMost?: number }
}

/**
 * Runs `once` repeatedly for about `seconds` after a short warm-up and returns runs per second.
 * `once` returns how many units it did (e.g. deals), so batches count right.
 */
export function perSecond(once: () => number, seconds = 2): number {
  const warmEnd = performance.now() + 300
  while (performance.now() < warmEnd) once()
  let units = 0
  const start = performance.now()
  const end = start + seconds * 1000
  let now = start
  while (now < end) {
    units += once()
    now = performance.now()
  }
  return units / ((now - start) / 1000)
}

export function meets(r: BenchResult): boolean {
  if (!r.target) return true
  if (r.target.atLeast !== undefined && r.value < r.target.atLeast) return false
  if (r.target.atMost !== undefined && r.value > r.target.atMost) return false
  return true
}
