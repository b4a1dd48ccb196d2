import { describe, expect, it } from 'vitest'
import type { InjectedFault } from '../../src/sandbox/discord/index.js'
import {
  chooseMove,
  eachTestWorld,
  openAndStart,
  openHand,
  privateAnswer,
  untilSomeoneActs,
  useControl,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

/** discord.js tries a request four times (three retries) before its caller sees the 500. */
const PAST_RETRIES = 4

/**
 * Discord answers the next `count` requests whose path `matches` with 500, then as usual: the
 * first answer of the next interaction fails past discord.js's retries, the one after goes through.
 */
function failNext(w: World, matches: RegExp, count = PAST_RETRIES): { failed: number } {
  const seen = { failed: 0 }
  w.discord.injectFaults((method, path): InjectedFault | null => {
    if (method !== 'POST' || !matches.test(path) || seen.failed >= count) return null
    seen.failed++
    return { kind: 'error' }
  })
  return seen
}

const CALLBACK = /^\/interactions\/[^/]+\/[^/]+\/callback$/
const FOLLOW_UP = /^\/webhooks\/[^/]+\/[^/]+$/

describe('once a change is saved, the member is never told that nothing changed', () => {
  it('a move whose answer Discord fails is answered as made, and is in the log once', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob'])
    const before = await untilSomeoneActs(w)
    const mover = w.member(w.nameOf(before.waitingFor[0]!))
    const seat = before.seats.find((s) => s.userId === mover.id)!.position!
    const view = await openHand(w, mover)
    const fault = failNext(w, CALLBACK)
    const answer = await useControl(mover, view, before.game, chooseMove(before, seat))
    w.discord.injectFaults(null)
    expect(fault.failed).toBe(PAST_RETRIES)
    expect(answer.content).not.toContain('nothing was changed')
    expect(answer.content).toBe('Your move is made; the table message shows it. Press **Your hand** for your cards.')
    const after = await w.table()
    expect(after.version).toBe(before.version + 1)
    expect(await w.bot.store.prisma.actionLog.count({ where: { interactionId: answer.interactionId } })).toBe(1)
    expect(w.logLines.some((l) => l.includes('interaction failed after its change was saved'))).toBe(true)
  })

  it('a join whose private answer Discord fails says the member joined: the table message shows the seat', async () => {
    const w = await startWorld(['alice', 'bob'])
    await w.member('alice').slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.table()
    const fault = failNext(w, FOLLOW_UP)
    const joined = await privateAnswer(w, await w.member('bob').click(w.publicMessage(lobby), 'Join'))
    w.discord.injectFaults(null)
    expect(fault.failed).toBe(PAST_RETRIES)
    expect(joined.content).toBe('You joined the table. The game starts when the creator presses **Start**.')
    const table = await w.table()
    expect(table.seats.map((s) => s.userId)).toContain(w.member('bob').id)
    expect(w.publicMessage(table).content + JSON.stringify(w.publicMessage(table).embeds)).toContain(w.member('bob').id)
  })
})
