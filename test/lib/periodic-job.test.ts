import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../src/lib/log.js'
import { PeriodicJob, type PeriodicJobOptions } from '../../src/lib/periodic-job.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

const EVERY = 30_000

/** A job on a manual clock whose runs are recorded (ms since the start) and do what `body` says. */
function job(body: (n: number) => Promise<number | void> = async () => {}, extra: Partial<PeriodicJobOptions> = {}) {
  const clock = new ManualClock()
  const start = clock.now()
  const runs: number[] = []
  const logged: string[] = []
  const sink = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      logged.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const periodic = new PeriodicJob({
    clock,
    log: createLogger('info', sink),
    failed: 'test sweep failed',
    everyMs: EVERY,
    run: () => {
      runs.push(clock.now() - start)
      return body(runs.length)
    },
    ...extra,
  })
  /** Moves the clock `ms` on, letting each run finish before the next timer (as real time would). */
  const advance = async (ms: number) => {
    const end = clock.now() + ms
    for (let next = clock.nextAt(); next !== null && next <= end; next = clock.nextAt()) {
      await clock.advance(next - clock.now())
      await periodic.idle()
    }
    await clock.advance(end - clock.now())
  }
  return { clock, periodic, runs, logged, advance }
}

describe('a periodic job', () => {
  it('runs one interval after it starts, then every interval; a failed run is logged and the next runs on time', async () => {
    const { periodic, runs, logged, advance } = job(async (n) => {
      if (n === 2) throw new Error('database gone')
    })
    periodic.start('later')
    await advance(EVERY - 1)
    expect(runs).toEqual([])
    await advance(3 * EVERY + 1)
    expect(runs).toEqual([EVERY, 2 * EVERY, 3 * EVERY, 4 * EVERY])
    expect(logged).toHaveLength(1)
    expect(JSON.parse(logged[0]!)).toMatchObject({ msg: 'test sweep failed', err: { message: 'database gone' } })
  })

  it('started "now" runs at once; starting it again changes nothing', async () => {
    const { periodic, runs, advance } = job()
    periodic.start('now')
    periodic.start('now')
    periodic.start('later')
    await periodic.idle()
    await advance(EVERY)
    expect(runs).toEqual([0, EVERY])
  })

  it('never overlaps itself: a run still going when the next falls due is left to finish, that turn skipped', async () => {
    let release!: () => void
    const { periodic, runs, clock } = job(async (n) => {
      if (n === 1) await new Promise<void>((resolve) => (release = resolve))
    })
    periodic.start('now')
    await clock.advance(2 * EVERY + 1)
    expect(runs).toEqual([0])
    release()
    await periodic.idle()
    await clock.advance(EVERY)
    // The pace is kept from the runs' starts: the third turn (not one right after the release).
    expect(runs).toEqual([0, 3 * EVERY])
  })

  it('a run may name the time of the next one; after a failure the retry interval applies', async () => {
    const { periodic, runs, clock, advance } = job(
      async (n) => {
        if (n === 1) return clock.now() + 1_000
        if (n === 2) throw new Error('commit failed')
      },
      { retryMs: 5_000 },
    )
    periodic.start('now')
    await periodic.idle()
    await advance(1_000 + 5_000 + EVERY)
    expect(runs).toEqual([0, 1_000, 6_000, 6_000 + EVERY])
  })

  it('stop: no run starts any more, and idle waits for the one in progress', async () => {
    let release!: () => void
    let finished = false
    const { periodic, runs, clock } = job(async () => {
      await new Promise<void>((resolve) => (release = resolve))
      finished = true
    })
    periodic.start('later')
    await clock.advance(EVERY)
    periodic.stop()
    const idle = periodic.idle().then(() => finished)
    release()
    expect(await idle).toBe(true)
    await clock.advance(10 * EVERY)
    expect(runs).toEqual([EVERY])
    expect(clock.pending()).toBe(0)
  })
})
