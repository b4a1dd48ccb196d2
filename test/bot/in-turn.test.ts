import { describe, expect, it } from 'vitest'
import type { TimelyAnswer } from '../../src/discord/timely-answer.js'
import { inTurn } from '../../src/commands/in-turn.js'

/** A started answer with `msLeft` of its window, counting its deferrals. */
function answerWith(msLeft: number) {
  const seen = { deferred: 0 }
  const answer = {
    msLeft: () => msLeft,
    defer: () => {
      seen.deferred++
      return Promise.resolve()
    },
  } as unknown as TimelyAnswer
  return { answer, seen }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a click waiting its turn behind a long queue is acknowledged at once', () => {
  it('deferred when joining a queue it will not leave within its window; not when a place is free or the window is long', async () => {
    // Jobs that take a while set the pace the queue is judged by.
    await Promise.all(Array.from({ length: 6 }, (_, i) => inTurn(`warm${i}`, () => pause(20))))

    const free = answerWith(0)
    await inTurn('first', () => Promise.resolve(), free.answer)
    expect(free.seen.deferred).toBe(0)

    // Every place taken, thirty members waiting.
    const release: (() => void)[] = []
    const held = Array.from({ length: 36 }, (_, i) =>
      inTurn(`busy${i}`, () => new Promise<void>((resolve) => release.push(resolve))),
    )
    const late = answerWith(1)
    const early = answerWith(60_000)
    const lateDone = inTurn('late', () => Promise.resolve(), late.answer)
    const earlyDone = inTurn('early', () => Promise.resolve(), early.answer)
    expect(late.seen.deferred).toBe(1)
    expect(early.seen.deferred).toBe(0)

    // The places go round as the jobs end.
    let over = false
    const all = Promise.all([...held, lateDone, earlyDone]).then(() => (over = true))
    while (!over) {
      release.splice(0).forEach((r) => r())
      await pause(1)
    }
    await all
  })
})
