import 'dotenv/config'
import { parseArgs } from 'node:util'
import { openStore, type Store } from '../store/index.js'
import { closeTable } from './table-close.js'
import { formatTables, listTables } from './table-list.js'

const USAGE = `Usage:
  npm run tables -- list [--stuck] [--guild ID] [--json]   open tables: state, age, last move, why stuck
  npm run tables -- close ID                               ends a table: chips back through the ledger, announced
`

/**
 * `npm run tables -- list | close ID`: the operator's view of the open tables, and closing one, on
 * the database of DATABASE_URL (docs/operations.md). Exit 0 done, 1 refused (a table that cannot
 * be closed), 2 usage.
 */
async function main(argv: readonly string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { stuck: { type: 'boolean' }, guild: { type: 'string' }, json: { type: 'boolean' } },
    })
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
    return 2
  }
  const { positionals, values } = parsed
  const [command, ...rest] = positionals
  if (values.guild !== undefined && !/^\d{1,20}$/.test(values.guild)) {
    process.stderr.write(`--guild takes a server id (digits), not "${values.guild}"\n`)
    return 2
  }
  const closing = command === 'close' && rest.length === 1 && /^[\w-]{1,64}$/.test(rest[0]!)
  if (!(command === 'list' && !rest.length) && !closing) {
    process.stderr.write(USAGE)
    return 2
  }
  const store = await openStore()
  try {
    if (closing) {
      const closed = await closeTable(store, rest[0]!)
      if (!closed.ok) process.stderr.write(`${closed.message}\n`)
      else process.stdout.write(closed.summary)
      return closed.ok ? 0 : 1
    }
    return await list(store, { stuck: values.stuck ?? false, guild: values.guild, json: values.json ?? false })
  } finally {
    await store.close()
  }
}

async function list(store: Store, opts: { stuck: boolean; guild: string | undefined; json: boolean }) {
  const now = Date.now()
  const lines = await listTables(store, {
    stuck: opts.stuck,
    now,
    ...(opts.guild !== undefined ? { guildId: opts.guild } : {}),
  })
  process.stdout.write(opts.json ? `${JSON.stringify(lines)}\n` : formatTables(lines, now))
  return 0
}

process.exitCode = await main(process.argv.slice(2))
