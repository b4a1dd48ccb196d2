import { run as ai } from './ai.bench.js'
import { run as badugi } from './badugi.bench.js'
import { run as bugami } from './bugami.bench.js'
import { run as bura } from './bura.bench.js'
import { run as ratings } from './ratings.bench.js'
import { run as render } from './render.bench.js'
import { run as restart } from './restart.bench.js'
import { run as startup } from './startup.bench.js'
import { run as store } from './store.bench.js'
import { retentionRounds as retention } from './store-retention.js'
import { meets, type BenchResult } from './harness.js'

/**
 * `npm run bench`: every benchmark of the project, one line each, then a JSON summary.
 * Speed and memory targets live here, never in timed tests. Exit 1 if a target is missed.
 * Pass names to run only some: `npm run bench -- bugami store`; the AI suite runs only when named.
 */
const suites: Record<string, () => Promise<BenchResult[]>> = {
  // Each suite module exports run(); add new ones here.
  ai,
  badugi,
  bugami,
  bura,
  ratings,
  render,
  restart,
  retention,
  startup,
  store,
}

/** Suites that take minutes, or need the build, run only when named (`npm run bench -- ai`). */
// `retention` is part of `store` too; by its name it runs alone.
const ON_REQUEST = new Set(['ai', 'startup', 'retention', 'restart'])

const only = process.argv.slice(2)
const results: BenchResult[] = []
for (const [name, run] of Object.entries(suites)) {
  if (only.length ? !only.includes(name) : ON_REQUEST.has(name)) continue
  for (const r of await run()) {
    results.push(r)
    const target = r.target
      ? ` (target ${r.target.atLeast !== undefined ? `>= ${r.target.atLeast}` : `<= ${r.target.atMost}`})`
      : ''
    const verdict = r.target ? (meets(r) ? ' ok' : ' MISSED') : ''
    process.stdout.write(`${r.name}: ${formatValue(r.value)} ${r.unit}${target}${verdict}\n`)
  }
}
process.stdout.write(JSON.stringify({ results: results.map((r) => ({ ...r, met: meets(r) })) }) + '\n')
process.exit(results.every(meets) ? 0 : 1)

function formatValue(v: number): string {
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(3)
}
