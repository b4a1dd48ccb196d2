import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { gameLookup } from '../../src/games/registry.js'
import { openStore, type Store } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import type { TableLine } from '../../src/cli/table-list.js'
import { dropDatabase, freshDatabaseUrl } from '../support/test-database.js'

const MINUTE = 60_000
const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn()
})

/** `npm run tables -- ...args` on the database at `url`: exit code and output. */
function tablesCli(url: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/tables.ts', ...args], {
      env: { PATH: process.env.PATH!, DATABASE_URL: url, DOTENV_CONFIG_PATH: '/nonexistent/.env' },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => resolve({ code, out, err }))
  })
}

async function world(): Promise<{ url: string; store: Store; tables: TableService }> {
  const url = freshDatabaseUrl()
  const store = await openStore({ url })
  cleanup.push(() => dropDatabase(url))
  cleanup.push(() => store.close())
  return { url, store, tables: new TableService({ store, games: gameLookup }) }
}

async function openTable(tables: TableService, guildId: string, channelId: string, start: boolean): Promise<string> {
  const created = await tables.create({ guildId, channelId, game: 'bura', creatorId: '1001' })
  if (!created.ok) throw new Error(created.error.code)
  const id = created.value.table.id
  await tables.setMessageId(id, `9${channelId}`)
  if (start) {
    expect((await tables.join(id, '1002')).ok).toBe(true)
    expect((await tables.start(id, { userId: '1001' })).ok).toBe(true)
  }
  return id
}

describe('npm run tables', () => {
  it('lists open tables with state, age and last move, and --stuck names why each stuck one is stuck', async () => {
    const { url, store, tables } = await world()
    const fresh = await openTable(tables, '111', '201', false)
    const overdue = await openTable(tables, '111', '202', true)
    const undelivered = await openTable(tables, '222', '203', true)
    const unposted = await openTable(tables, '222', '204', false)
    const ended = await openTable(tables, '222', '205', false)
    // A bot showed what these changes wrote.
    await store.prisma.tableEffect.updateMany({ where: { status: 'pending' }, data: { status: 'done' } })
    const now = Date.now()
    // The scheduler never played this deadline (no process for the shard): two hours over.
    await store.prisma.gameTable.update({ where: { id: overdue }, data: { deadlineAt: new Date(now - 120 * MINUTE) } })
    // A ping Discord has not taken for ten minutes.
    await store.effects.add(undelivered, 1, [{ kind: 'ping', users: ['1002'], about: 'turn' }])
    await store.prisma.tableEffect.updateMany({
      where: { tableId: undelivered, status: 'pending' },
      data: { createdAt: new Date(now - 10 * MINUTE) },
    })
    // Never posted its table message in the hour since it opened.
    await store.prisma.gameTable.update({
      where: { id: unposted },
      data: { messageId: null, createdAt: new Date(now - 60 * MINUTE) },
    })
    expect((await tables.end(ended, { userId: '1001' })).ok).toBe(true)

    const all = await tablesCli(url, 'list', '--json')
    expect(all.err).toBe('')
    expect(all.code).toBe(0)
    const lines = JSON.parse(all.out) as TableLine[]
    // Open tables only, oldest first.
    expect(lines.map((l) => l.id)).toEqual([unposted, fresh, overdue, undelivered])
    const byId = new Map(lines.map((l) => [l.id, l]))
    expect(byId.get(fresh)).toMatchObject({ status: 'lobby', lastMovedAt: null, stuck: [] })
    expect(byId.get(overdue)).toMatchObject({ status: 'playing', stuck: ['deadline-overdue'] })
    // A started table has moved: its deal is in the action log.
    expect(byId.get(overdue)!.lastMovedAt).toBeGreaterThan(now - MINUTE)
    expect(byId.get(undelivered)).toMatchObject({ pendingEffects: 1, stuck: ['effects-undelivered'] })
    expect(byId.get(unposted)).toMatchObject({ stuck: ['no-table-message'] })

    const stuck = await tablesCli(url, 'list', '--stuck')
    expect(stuck.code).toBe(0)
    const rows = stuck.out.trim().split('\n')
    expect(rows[0]).toMatch(/^TABLE\s+GAME\s+STATE\s+AGE\s+LAST MOVED\s+DEADLINE\s+PENDING\s+SERVER\s+CHANNEL\s+STUCK$/)
    expect(rows).toHaveLength(4)
    expect(rows.find((r) => r.startsWith(overdue))).toMatch(/bura\s+playing\s+\d+ s\s+\d+ s ago\s+2 h 0 min over\s+0/)
    expect(rows.find((r) => r.startsWith(unposted))).toMatch(
      /lobby\s+1 h 0 min\s+never\s+-\s+0\s+222\s+204\s+no-table-message$/,
    )
    expect(rows.find((r) => r.startsWith(undelivered))).toMatch(/\s1 \(10 min\)\s+222\s+203\s+effects-undelivered$/)

    const guild = JSON.parse((await tablesCli(url, 'list', '--guild', '111', '--json')).out) as TableLine[]
    expect(guild.map((l) => l.id)).toEqual([fresh, overdue])
  })

  it('answers bad arguments with the usage and exit 2, changing nothing', async () => {
    const { url } = await world()
    const bad = await tablesCli(url, 'lst')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('npm run tables -- list')
    const guild = await tablesCli(url, 'list', '--guild', 'abc')
    expect(guild.code).toBe(2)
    expect(guild.err).toContain('--guild takes a server id')
    const closeWhat = await tablesCli(url, 'close')
    expect(closeWhat.code).toBe(2)
    expect(closeWhat.err).toContain('npm run tables -- close ID')
    const closeNothing = await tablesCli(url, 'close', 'nosuchtable')
    expect(closeNothing.code).toBe(1)
    expect(closeNothing.err).toBe('No table nosuchtable.\n')
    expect((await tablesCli(url, 'list')).out).toBe('No open tables.\n')
  })
})
