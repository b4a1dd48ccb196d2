import { describe, expect, it } from 'vitest'
import { runLoad } from '../../bench/load/run.js'

// The load test's smoke run (docs/load.md): the real bot process under 20 busy tables. No timing
// asserts (the machine is shared); what must hold at any speed: no errors, no lost or doubled move.
// The bot runs from src/ through tsx, so the suite does not build dist/ (`npm run load` does).
describe('the load test, small', () => {
  it('20 tables for 10 s: moves are made, nothing fails, the log holds every acknowledged move once', async () => {
    const report = await runLoad({ tables: 20, seconds: 10, warmupSeconds: 2, bot: 'src' })
    expect(report.errors).toEqual({
      count: 0,
      failedInteractions: 0,
      discordErrors: [],
      members: [],
      memberKinds: {},
      bot: [],
    })
    expect(report.tablesOpened).toBeGreaterThanOrEqual(20)
    expect(report.moves.acknowledged).toBeGreaterThan(0)
    // Members looked at their hands again (↻ Refresh) before moving.
    expect(report.reopenedViews).toBeGreaterThan(0)
    expect(report.check).toMatchObject({
      ok: true,
      failedInteractions: 0,
      lost: 0,
      doubled: 0,
      appliedWithoutAnswer: 0,
      auditOk: true,
    })
    expect(report.check.loggedMoves).toBeGreaterThanOrEqual(report.moves.acknowledged)
    // The answers over time: the window's 10 s in one slice, every answer of the window in it.
    expect(report.answerOverTime.map((s) => s.fromSecond)).toEqual([0])
    expect(report.answerOverTime[0]!.answers).toBeGreaterThan(0)
    expect(report.answerOverTime[0]!.p99).toBe(report.latencyMs.answer.p99)
  }, 120_000)
})
