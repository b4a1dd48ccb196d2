import { describe, expect, it } from 'vitest'
import { FairGate } from '../../src/lib/gate.js'
import { MemberLimit } from '../../src/lib/member-limit.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

const tick = () => new Promise((r) => setImmediate(r))

describe('FairGate', () => {
  it("runs another member's job at once, however many one member queued before it", async () => {
    const gate = new FairGate(2, 1)
    const started: string[] = []
    const release: (() => void)[] = []
    const job = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name)
        release.push(resolve)
      })
    const spam = Array.from({ length: 50 }, (_, i) => gate.run('bob', job(`bob${i}`)))
    await tick()
    // bob holds one place: his other 49 wait behind it.
    expect(started).toEqual(['bob0'])
    const move = gate.run('alice', job('alice'))
    await tick()
    expect(started).toEqual(['bob0', 'alice'])
    // Places go round the members waiting: bob's next, then carol's before bob's third.
    const carol = gate.run('carol', job('carol'))
    release.shift()!()
    await tick()
    expect(started).toEqual(['bob0', 'alice', 'bob1'])
    release.shift()!()
    await tick()
    expect(started).toEqual(['bob0', 'alice', 'bob1', 'carol'])
    while (release.length) {
      release.shift()!()
      await tick()
    }
    await Promise.all([...spam, move, carol])
    expect(started).toHaveLength(52)
  })

  it('a job that throws frees its place', async () => {
    const gate = new FairGate(1, 1)
    await expect(gate.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    await expect(gate.run('a', async () => 'next')).resolves.toBe('next')
  })
})

describe('MemberLimit', () => {
  it('allows a burst, then the refill rate, per member', async () => {
    const clock = new ManualClock(1_000_000)
    const limit = new MemberLimit(clock, { burst: 3, perSecond: 2 })
    expect([1, 2, 3, 4].map(() => limit.take('g:bob'))).toEqual([true, true, true, false])
    // Another member is not held back by bob.
    expect(limit.take('g:alice')).toBe(true)
    await clock.advance(500)
    expect(limit.take('g:bob')).toBe(true)
    expect(limit.take('g:bob')).toBe(false)
    await clock.advance(10_000)
    expect([1, 2, 3, 4].map(() => limit.take('g:bob'))).toEqual([true, true, true, false])
  })
})
