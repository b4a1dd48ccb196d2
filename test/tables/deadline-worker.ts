/**
 * Child process of the deadline race test: opens the shared database with its clock at the
 * given time, says `ready`, and on `go` (stdin) fires the given deadline of every given table at
 * once, then prints one JSON line: per table, `ok` or the refusal code. Not a test file itself.
 */
import fs from 'node:fs'
import { openStore } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import { gameLookup } from '../../src/games/registry.js'

const [url, now, ...targets] = process.argv.slice(2) as [string, string, ...string[]]
const clock = { now: () => Number(now), schedule: () => () => {} }
const store = await openStore({ url, clock })
const tables = new TableService({ games: gameLookup, store, instance: `worker ${process.pid}` })
fs.writeSync(1, 'ready\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
const results = await Promise.all(
  targets.map(async (t) => {
    const [id, deadline] = t.split('@') as [string, string]
    const out = await tables.expire(id, Number(deadline))
    return out.ok ? 'ok' : out.error.code
  }),
)
fs.writeSync(1, `${JSON.stringify(results)}\n`)
await store.close()
process.exit(0)
