import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { reminderTime, TurnTimers } from '../../src/scheduler/timers.js'
import { parseTurnDeadline } from '../../src/commands/duration-options.js'

function recorder(clock: ManualClock) {
  const calls: string[] = []
  const timers = new TurnTimers(clock, {
    reminder: (id, d) => calls.push(`remind ${id} ${d - start} @${clock.now() - start}`),
    deadline: (id, d) => calls.push(`deadline ${id} ${d - start} @${clock.now() - start}`),
  })
  const start = clock.now()
  return { calls, timers, start }
}

describe('turn timers', () => {
  it('reminds a quarter of the turn before the deadline, then fires the deadline once', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    await clock.advance(120_000)
    expect(calls).toEqual(['remind t1 60000 @45000', 'deadline t1 60000 @60000'])
    expect(clock.pending()).toBe(0)
  })

  it('re-arming for a new deadline cancels the old timers; the same deadline keeps them', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    expect(clock.pending()).toBe(2)
    await clock.advance(30_000)
    timers.arm('t1', { deadline: start + 90_000, turnMs: 60_000, reminded: false })
    await clock.advance(100_000)
    expect(calls).toEqual(['remind t1 90000 @75000', 'deadline t1 90000 @90000'])
  })

  it('after a restart, a reminder due while the bot was down goes out at once, unless it went out before', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    await clock.advance(50_000)
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    timers.arm('t2', { deadline: start + 60_000, turnMs: 60_000, reminded: true })
    await clock.advance(0)
    expect(calls).toEqual(['remind t1 60000 @50000'])
    await clock.advance(20_000)
    expect(calls).toEqual(['remind t1 60000 @50000', 'deadline t1 60000 @60000', 'deadline t2 60000 @60000'])
  })

  it('a deadline that passed while the bot was down fires at once, without a reminder', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    await clock.advance(70_000)
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    await clock.advance(0)
    expect(calls).toEqual(['deadline t1 60000 @70000'])
  })

  it('clearing a table and stopping cancel everything', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    timers.arm('a', { deadline: start + 1000 * 60, turnMs: 60_000, reminded: false })
    timers.arm('b', { deadline: start + 1000 * 60, turnMs: 60_000, reminded: false })
    timers.arm('a', null)
    timers.stop()
    await clock.advance(3_600_000)
    expect(calls).toEqual([])
    expect(clock.pending()).toBe(0)
  })

  it('caps the reminder lead at an hour for long turns', () => {
    expect(reminderTime(100 * 3_600_000, 48 * 3_600_000)).toBe(99 * 3_600_000)
  })
})

describe('turn deadline option', () => {
  it.each([
    ['30s', 30_000],
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h30m', 5_400_000],
    [' 2H ', 7_200_000],
    ['2d', 172_800_000],
  ])('%s is %d ms', (text, ms) => {
    expect(parseTurnDeadline(text)).toEqual({ ok: true, ms })
  })

  it.each(['29s', '3d', '49h'])('%s is out of range', (text) => {
    expect(parseTurnDeadline(text)).toEqual({ ok: false, reason: 'range' })
  })

  it.each(['', 'soon', '10', '5 minutes', '1h-1m'])('"%s" is not understood', (text) => {
    expect(parseTurnDeadline(text)).toEqual({ ok: false, reason: 'format' })
  })
})

describe('deadlines that passed while the bot was down', () => {
  it('fire at once when armed, without waiting for the clock to move', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    await clock.advance(5 * 60_000)
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    await Promise.resolve()
    expect(calls).toEqual(['deadline t1 60000 @300000'])
  })

  it('can still be cleared before they fire', async () => {
    const clock = new ManualClock()
    const { calls, timers, start } = recorder(clock)
    await clock.advance(5 * 60_000)
    timers.arm('t1', { deadline: start + 60_000, turnMs: 60_000, reminded: false })
    timers.arm('t1', null)
    await Promise.resolve()
    expect(calls).toEqual([])
  })
})
