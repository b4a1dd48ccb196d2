import { describe, expect, it } from 'vitest'
import { GlobalBudget, type Lane } from '../../src/discord/global-budget.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'

/** A budget on a manual clock, and the order its requests were let go in. */
function budget(perSecond: number) {
  const clock = new ManualClock(0)
  const b = new GlobalBudget(perSecond, clock)
  const went: string[] = []
  const take = (lane: Lane, channel: string, name = `${lane} ${channel}`) =>
    void b.take(lane, channel).then(() => went.push(`${name} at ${clock.now()}`))
  return { b, clock, went, take }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("the bot's keeper of Discord's global limit", () => {
  it('lets at most its number of requests go in any second, the next when the oldest is a second old', async () => {
    const { b, clock, went, take } = budget(3)
    take('edit', '1', 'a')
    await settle()
    await clock.advance(400)
    take('edit', '1', 'b')
    take('edit', '1', 'c')
    take('edit', '1', 'd')
    take('edit', '1', 'e')
    await settle()
    expect(went).toEqual(['a at 0', 'b at 400', 'c at 400'])
    expect(b.backlog).toBe(2)
    await clock.advance(600)
    expect(went.slice(3)).toEqual(['d at 1000'])
    await clock.advance(400)
    expect(went.slice(4)).toEqual(['e at 1400'])
    expect(b.backlog).toBe(0)
  })

  it('waiting requests go by lane: new messages, then edits, then deletions', async () => {
    const { clock, went, take } = budget(1)
    take('edit', '0', 'first')
    take('delete', '1')
    take('edit', '2')
    take('create', '3')
    await settle()
    await clock.advance(3000)
    expect(went).toEqual(['first at 0', 'create 3 at 1000', 'edit 2 at 2000', 'delete 1 at 3000'])
  })

  it('within a lane the channels take turns: a channel with many requests does not hold up the others', async () => {
    const { clock, went, take } = budget(1)
    take('create', '0', 'first')
    take('create', 'busy', 'busy 1')
    take('create', 'busy', 'busy 2')
    take('create', 'busy', 'busy 3')
    take('create', 'quiet', 'quiet 1')
    take('create', 'other', 'other 1')
    await settle()
    await clock.advance(5000)
    expect(went).toEqual([
      'first at 0',
      'busy 1 at 1000',
      'quiet 1 at 2000',
      'other 1 at 3000',
      'busy 2 at 4000',
      'busy 3 at 5000',
    ])
  })

  it('a lower lane waits at most its delay longer: an old deletion goes before a newer message', async () => {
    const { clock, went, take } = budget(1)
    take('create', '0', 'first')
    take('delete', '1', 'old ping deleted')
    await settle()
    await clock.advance(600)
    take('create', '2', 'ping at 600')
    await clock.advance(900)
    take('create', '3', 'ping at 1500')
    await clock.advance(2000)
    // Due: the deletion at 0 + 1000, the first ping at 600, the second at 1500.
    expect(went).toEqual(['first at 0', 'ping at 600 at 1000', 'old ping deleted at 2000', 'ping at 1500 at 3000'])
  })

  it('a bunch is spread out: a few at once, then one every 1/N s, never over N in a second', async () => {
    const { clock, went, take } = budget(4)
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) take('create', name, name)
    await settle()
    expect(went).toEqual(['a at 0', 'b at 0', 'c at 0'])
    await clock.advance(1000)
    // d as the bucket refills; e and f once a, b and c are a second old.
    expect(went).toEqual(['a at 0', 'b at 0', 'c at 0', 'd at 250', 'e at 1000', 'f at 1000'])
    // After a quiet moment the next ones go at once again.
    await clock.advance(3000)
    take('create', 'g', 'g')
    await settle()
    expect(went.at(-1)).toBe('g at 4000')
  })

  it('a pause (a 429 asked for it) holds every request until it is over', async () => {
    const { b, clock, went, take } = budget(10)
    b.pauseUntil(700)
    take('create', '1', 'ping')
    take('delete', '2', 'old ping')
    await settle()
    await clock.advance(699)
    expect(went).toEqual([])
    await clock.advance(1)
    expect(went).toEqual(['ping at 700', 'old ping at 700'])
  })

  it('tells who watches each request it lets go: its lane, how long it waited, when it went', async () => {
    const { b, clock, take } = budget(1)
    const told: string[] = []
    b.onLetGo = (lane, waitedMs, at) => told.push(`${lane} waited ${waitedMs} went ${at}`)
    take('edit', '1')
    take('create', '2')
    await settle()
    await clock.advance(300)
    take('delete', '3')
    await settle()
    await clock.advance(2000)
    expect(told).toEqual(['edit waited 0 went 0', 'create waited 1000 went 1000', 'delete waited 1700 went 2000'])
  })
})
