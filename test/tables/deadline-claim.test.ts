import { spawn, type ChildProcess } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { openStore } from '../../src/store/index.js'
import { ENGINES } from '../../src/games/registry.js'
import { rebuildState } from '../../src/tables/index.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

// Shards share one PostgreSQL database: two processes whose timers fire the same deadline must
// play it once. The claim in DeadlineClaim decides (the version guard would too, later).
const fx = tableServicePerTest(300)
const TABLES = 4

function worker(args: string[]): { child: ChildProcess; lines: string[]; next: () => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/tables/deadline-worker.ts', ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines: string[] = []
  let buffer = ''
  const waiting: (() => void)[] = []
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8')
    const parts = buffer.split('\n')
    buffer = parts.pop()!
    lines.push(...parts)
    for (const w of waiting.splice(0)) w()
  })
  let read = 0
  const next = async () => {
    while (lines.length <= read) await new Promise<void>((r) => waiting.push(r))
    return lines[read++]!
  }
  return { child, lines, next }
}

describe('two processes firing the same deadline', () => {
  test('apply it once: one process plays the automatic moves, the other is refused', async () => {
    const targets: string[] = []
    for (let i = 0; i < TABLES; i++) {
      const created = await fx.tables.create({
        guildId: 'g',
        channelId: `c${i}`,
        game: 'bura',
        creatorId: 'ann',
        buyIn: 100,
        // Ann opens more tables than a member may (3): an admin, not held to the limit.
        exempt: true,
      })
      if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
      const joined = await fx.tables.join(created.value.table.id, 'ben')
      if (!joined.ok) throw new Error(refusalText(joined.error, ENGLISH))
      const started = await fx.tables.start(created.value.table.id)
      if (!started.ok) throw new Error(refusalText(started.error, ENGLISH))
      targets.push(`${created.value.table.id}@${started.value.deadlineAt}`)
    }
    const due = String(fx.t.clock.now() + 13 * 60 * 60 * 1000)
    const workers = [worker([fx.t.url, due, ...targets]), worker([fx.t.url, due, ...targets])]
    for (const w of workers) expect(await w.next()).toBe('ready')
    for (const w of workers) w.child.stdin!.write('go\n')
    const results = (await Promise.all(workers.map((w) => w.next()))).map((l) => JSON.parse(l) as string[])
    for (let i = 0; i < TABLES; i++) {
      // The loser is refused by the claim when both read the table before either committed,
      // by the moved deadline ('deadline-moved') when it read after.
      const outcomes = results.map((r) => r[i]!).sort()
      expect(outcomes).toContain('ok')
      expect(['claimed,ok', 'deadline-moved,ok']).toContain(outcomes.join(','))
      const [id] = targets[i]!.split('@') as [string]
      const log = await fx.t.store.actions.list(id)
      expect(log.filter((e) => e.kind === 'auto')).toHaveLength(1)
      const table = (await fx.tables.get(id))!
      expect(table.seats.reduce((n, s) => n + s.missedTurns, 0)).toBe(1)
      expect(rebuildState(ENGINES.bura, log)).toEqual(table.state)
    }
    const report = await fx.t.store.audit()
    expect(report.problems).toEqual([])
  })
})

describe('the deadline claim', () => {
  test('a second process claiming the deadline waits for the first, refused; a rolled-back claim is free', async () => {
    const other = await openStore({ url: fx.t.url, clock: fx.t.clock })
    try {
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      let claimedFirst!: () => void
      const firstClaimed = new Promise<void>((r) => (claimedFirst = r))
      const first = fx.t.store.transaction(async (r) => {
        const ok = await r.tables.claimDeadline('t1', 1000, 'first')
        claimedFirst()
        await held
        return ok
      })
      await firstClaimed
      const second = other.transaction((r) => r.tables.claimDeadline('t1', 1000, 'second'))
      release()
      expect(await first).toBe(true)
      expect(await second).toBe(false)
      // The next deadline of the same table is a new claim.
      expect(await other.transaction((r) => r.tables.claimDeadline('t1', 2000, 'second'))).toBe(true)
      // A firing that rolls back leaves its deadline unclaimed.
      await expect(
        fx.t.store.transaction(async (r) => {
          await r.tables.claimDeadline('t1', 3000, 'first')
          throw new Error('the firing failed')
        }),
      ).rejects.toThrow('the firing failed')
      expect(await other.transaction((r) => r.tables.claimDeadline('t1', 3000, 'second'))).toBe(true)
    } finally {
      await other.close()
    }
  })
})
