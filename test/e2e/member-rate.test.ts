import { describe, expect, it } from 'vitest'
import type { Answer } from '../../src/sandbox/discord/index.js'
import { chooseMove, eachTestWorld, openAndStart, openHand, untilSomeoneActs, useControl } from './harness.js'

const startWorld = eachTestWorld()

/**
 * One member clicking ↻ Refresh fifty times at once: past their burst they are asked, privately,
 * to wait, and the other player's move, sent after the fifty, is not queued behind them.
 */
describe("one member's clicks never hold up another's move", () => {
  it('fifty Refresh clicks: the burst is answered, the rest refused kindly, the move goes first', async () => {
    const w = await startWorld(['alice', 'bob'], { memberRate: { burst: 10, perSecond: 2 } })
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob'])
    const table = await untilSomeoneActs(w)
    const mover = w.member(w.nameOf(table.waitingFor[0]!))
    const spammer = w.member(w.nameOf(table.seats.find((s) => s.userId !== mover.id)!.userId))
    const view = await openHand(w, spammer)
    const moverView = await openHand(w, mover)
    const seat = table.seats.find((s) => s.userId === mover.id)!.position!

    const order: string[] = []
    const clicks = Array.from({ length: 50 }, () =>
      spammer.click(view, '↻ Refresh').then((a: Answer) => {
        order.push(/clicks/.test(a.content) ? 'refused' : 'view')
        return a
      }),
    )
    const move = useControl(mover, moverView, table.game, chooseMove(table, seat)).then((a) => {
      order.push('move')
      return a
    })
    const answers = await Promise.all(clicks)
    await move

    const refused = answers.filter((a) => /clicks/.test(a.content))
    // The bucket's burst (two of its ten went to the spammer's earlier clicks: Join and Your hand).
    expect(answers.length - refused.length).toBeLessThanOrEqual(10)
    expect(refused.length).toBeGreaterThanOrEqual(40)
    for (const r of refused) {
      expect(r.ephemeral).toBe(true)
      expect(r.content).toMatch(/Wait a moment/)
    }
    // The move was not queued behind the fifty: at most the spammer's burst was answered before it
    // (their views one at a time, beside the move; the order of the gate is test/bot/fair-gate.test.ts).
    const viewsBefore = order.slice(0, order.indexOf('move')).filter((o) => o === 'view').length
    expect(viewsBefore).toBeLessThanOrEqual(10)
    expect((await w.table()).version).toBeGreaterThan(table.version)
  })
})
