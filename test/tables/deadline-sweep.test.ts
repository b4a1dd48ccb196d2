import { describe, expect, test } from 'vitest'
import type { Clock } from '../../src/lib/clock.js'
import { createLogger } from '../../src/lib/log.js'
import { TurnScheduler, DEFAULT_DEADLINE_SWEEP_MS } from '../../src/scheduler/turns.js'
import type { Store } from '../../src/store/index.js'
import { TableService, type TableSnapshot } from '../../src/tables/index.js'
import { gameLookup } from '../../src/games/registry.js'
import { tempStore } from '../store/temp-db.js'
import type { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

// A deadline must move its table even when its one timer misfires: fires a millisecond early,
// its handler's database write fails, or the timer is lost. The sweep of overdue deadlines and
// the re-arming keep every table moving within one sweep interval of its deadline.

const SWEEP = DEFAULT_DEADLINE_SWEEP_MS

/** The manual clock, seen through a timer source that misbehaves as `fault` says. */
function faultyTimers(clock: ManualClock, fault: 'early' | 'lost' | 'none', deadline: number): Clock {
  let lost = false
  return {
    now: () => clock.now(),
    schedule(at, fn) {
      if (fault === 'early') return clock.schedule(at - 1, fn)
      // The turn's deadline timer (the first one set for that time) never fires.
      if (fault === 'lost' && at === deadline && !lost) {
        lost = true
        return () => {}
      }
      return clock.schedule(at, fn)
    },
  }
}

/** A store whose next `failures` transactions fail as a dropped database connection would. */
function flaky(store: Store, failures: { left: number }): Store {
  return {
    ...store,
    transaction: (fn) => {
      if (failures.left > 0) {
        failures.left--
        return Promise.reject(new Error('connection terminated unexpectedly'))
      }
      return store.transaction(fn)
    },
  }
}

async function setUp(fault: 'early' | 'lost' | 'db') {
  const t = await tempStore()
  const failures = { left: 0 }
  const tables = new TableService({
    games: gameLookup,
    store: flaky(t.store, failures),
    clock: t.clock,
    seeds: () => 7,
  })
  const created = await tables.create({ guildId: 'g', channelId: 'c', game: 'bura', creatorId: 'ann', buyIn: 100 })
  if (!created.ok) throw new Error(created.error.code)
  const id = created.value.table.id
  await tables.join(id, 'ben')
  const started = await tables.start(id)
  if (!started.ok) throw new Error(started.error.code)
  const shown: number[] = []
  const scheduler = new TurnScheduler({
    clock: faultyTimers(t.clock, fault === 'db' ? 'none' : fault, started.value.table.deadlineAt!),
    log: createLogger('silent'),
    tables,
    owns: () => true,
    show: async (update) => {
      shown.push(update.table.version)
      scheduler.track(update.table)
    },
    remind: async () => {},
  })
  scheduler.startSweep()
  scheduler.track(started.value.table)
  // Both attempts of the expiry fail (on the copy the service remembers, then on a fresh read).
  if (fault === 'db') failures.left = 2
  return { t, tables, scheduler, table: started.value.table, shown }
}

async function movedAfter(tables: TableService, before: TableSnapshot): Promise<boolean> {
  const now = (await tables.get(before.id))!
  return now.version > before.version
}

describe('a deadline whose timer misfires', () => {
  test.each(['early', 'db', 'lost'] as const)('(%s) still moves the table within one sweep interval', async (fault) => {
    const { t, tables, scheduler, table, shown } = await setUp(fault)
    try {
      // To just before the deadline (the turn is long: 12 h), then one sweep interval past it.
      await t.clock.advance(table.deadlineAt! - t.clock.now() - 1)
      await scheduler.idle()
      expect(await movedAfter(tables, table)).toBe(false)
      await t.clock.advance(1 + SWEEP)
      await scheduler.idle()
      expect(await movedAfter(tables, table)).toBe(true)
      const log = await t.store.actions.list(table.id)
      // Played once, whatever misfired.
      expect(log.filter((e) => e.kind === 'auto')).toHaveLength(1)
      expect(shown).toHaveLength(1)
    } finally {
      scheduler.stop()
      await scheduler.idle()
      await t.cleanup()
    }
  })

  test('a failed expiry is retried after a short backoff, before the next sweep', async () => {
    const { t, tables, scheduler, table } = await setUp('db')
    try {
      await t.clock.advance(table.deadlineAt! - t.clock.now() - 1)
      await scheduler.idle()
      await t.clock.advance(1 + 5_000)
      await scheduler.idle()
      expect(SWEEP).toBeGreaterThan(5_000)
      expect(await movedAfter(tables, table)).toBe(true)
    } finally {
      scheduler.stop()
      await scheduler.idle()
      await t.cleanup()
    }
  })
})

/** A started two-seat Bura table, its deadline armed. */
async function startedTable() {
  const t = await tempStore()
  const tables = new TableService({ games: gameLookup, store: t.store, clock: t.clock, seeds: () => 7 })
  const created = await tables.create({ guildId: 'g', channelId: 'c', game: 'bura', creatorId: 'ann', buyIn: 100 })
  if (!created.ok) throw new Error(created.error.code)
  await tables.join(created.value.table.id, 'ben')
  const started = await tables.start(created.value.table.id)
  if (!started.ok) throw new Error(started.error.code)
  return { t, tables, started: started.value.table }
}

/** A scheduler whose showing records each update, tracks its table again, then does `then`. */
function showingScheduler(
  clock: Clock,
  tables: TableService,
  shown: TableSnapshot[],
  then: () => Promise<void> | undefined,
): TurnScheduler {
  const scheduler: TurnScheduler = new TurnScheduler({
    clock,
    log: createLogger('silent'),
    tables,
    owns: () => true,
    show: async (update) => {
      shown.push(update.table)
      scheduler.track(update.table)
      await then()
    },
    remind: async () => {},
  })
  return scheduler
}

describe('a deadline that falls due while the last one is still being shown', () => {
  // Showing an automatic move (Discord failing, rate limits) can outlast the table's next
  // deadline (simulator seed 2). The table waited for the showing: a sweep later at first, then,
  // once the outbox retried passing failures until they get through, as long as Discord failed.
  test('is played at its time, while the showing still waits for Discord', async () => {
    const { t, tables, started } = await startedTable()
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    const shown: TableSnapshot[] = []
    // The first showing hangs until released.
    const scheduler = showingScheduler(t.clock, tables, shown, () => (shown.length === 1 ? slow : undefined))
    try {
      scheduler.startSweep()
      scheduler.track(started)
      await t.clock.advance(started.deadlineAt! - t.clock.now())
      while (shown.length === 0) await new Promise((resolve) => setImmediate(resolve))
      const first = shown[0]!
      expect(first.deadlineAt).not.toBeNull()
      // The next deadline passes while the first automatic move is still being shown.
      await t.clock.advance(first.deadlineAt! - t.clock.now())
      while (shown.length === 1) await new Promise((resolve) => setImmediate(resolve))
      expect(shown[1]!.version).toBeGreaterThan(first.version)
      expect((await tables.get(first.id))!.version).toBeGreaterThan(first.version)
    } finally {
      release()
      scheduler.stop()
      await scheduler.idle()
      await t.cleanup()
    }
  })
})

describe('a deadline whose showing fails', () => {
  test('is logged, and the scheduler goes on: idle resolves and the next deadline plays', async () => {
    const { t, tables, started } = await startedTable()
    const shown: TableSnapshot[] = []
    const scheduler = showingScheduler(t.clock, tables, shown, () => {
      throw new Error('Discord is gone')
    })
    try {
      scheduler.track(started)
      await t.clock.advance(started.deadlineAt! - t.clock.now())
      await scheduler.idle()
      expect(shown).toHaveLength(1)
      await t.clock.advance(shown[0]!.deadlineAt! - t.clock.now())
      await scheduler.idle()
      expect(shown).toHaveLength(2)
      expect(shown[1]!.version).toBeGreaterThan(shown[0]!.version)
    } finally {
      scheduler.stop()
      await scheduler.idle()
      await t.cleanup()
    }
  })
})
