/** 95% interval for a proportion (Wilson score interval: sound also near 0 and 1 and for few games). */
export function wilson(successes: number, n: number): [number, number] {
  if (n === 0) return [0, 1]
  const z = 1.96
  const p = successes / n
  const denom = 1 + (z * z) / n
  const centre = (p + (z * z) / (2 * n)) / denom
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

/** Mean and its 95% interval (normal approximation: the runs here are hundreds of games or more). */
export function meanInterval(values: readonly number[]): { mean: number; ci: [number, number] } {
  const n = values.length
  if (n === 0) return { mean: 0, ci: [0, 0] }
  const mean = values.reduce((a, b) => a + b, 0) / n
  const variance = n > 1 ? values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1) : 0
  const half = 1.96 * Math.sqrt(variance / n)
  return { mean, ci: [mean - half, mean + half] }
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits
  return Math.round(x * f) / f
}
