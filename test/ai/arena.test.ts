import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsePolicy, runArena } from '../../src/arena/arena.js'
import { meanInterval, wilson } from '../../src/arena/stats.js'
import { gameModule } from '../../src/games/registry.js'
import { highCardGame } from '../toy/high-card/module.js'

const root = join(import.meta.dirname, '../..')

function simulate(...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', 'simulate', '--', ...args], { cwd: root, encoding: 'utf8' })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('the arena', () => {
  it('reads policies and refuses anything else', () => {
    expect(parsePolicy('ai')).toEqual({ kind: 'ai', level: 'normal' })
    expect(parsePolicy('ai:strong')).toEqual({ kind: 'ai', level: 'strong' })
    expect(parsePolicy('auto')).toEqual({ kind: 'auto' })
    expect(parsePolicy('random')).toEqual({ kind: 'random' })
    expect(parsePolicy('ai:genius')).toBeNull()
  })

  it('conserves chips, and two identical players come out level within the interval', () => {
    const auto = parsePolicy('auto')!
    const report = runArena({ game: gameModule('badugi')!, policies: [auto, auto], games: 200, seed: 3 })
    const [a, b] = report.seats
    expect(a!.net + b!.net).toBeCloseTo(0, 6)
    expect(a!.winRate).toBeGreaterThanOrEqual(b!.winRateCI[0])
    expect(a!.winRate).toBeLessThanOrEqual(b!.winRateCI[1])
  })

  it('deals a Bura game nobody won (everyone passed, a Kozel tie) again until someone wins it', () => {
    const auto = parsePolicy('auto')!
    for (const [players, options] of [
      [4, { kozel: true }],
      [3, { scoring: 'points' }],
    ] as const) {
      const report = runArena({
        game: gameModule('bura')!,
        policies: Array(players).fill(auto),
        games: 300,
        seed: 5,
        options,
      })
      expect(report.seats.reduce((sum, s) => sum + s.wins, 0)).toBe(300)
    }
  })

  it('duplicate: every deal once per rotation, so two copies of one deterministic player come out exactly level', () => {
    const auto = parsePolicy('auto')!
    for (const [game, players] of [
      ['bura', 2],
      ['badugi', 3],
      ['bugami', 4],
    ] as const) {
      const report = runArena({
        game: gameModule(game)!,
        policies: Array(players).fill(auto),
        games: game === 'bugami' ? 4 : 60,
        seed: 11,
        duplicate: true,
      })
      expect(report.games).toBe(report.deals * players)
      for (const s of report.seats) {
        // Each copy held every hand in every seat: the luck of the cards cancelled exactly.
        expect(s.winRate).toBeCloseTo(report.seats[0]!.winRate, 9)
        expect(s.net).toBeCloseTo(0, 9)
        expect(s.netCI[1] - s.netCI[0]).toBeCloseTo(0, 9)
        expect(s.pointsOverPar.mean).toBeCloseTo(0, 9)
      }
    }
  })

  it('duplicate: Badugi reports big blinds per 100 hands, Bugami points over par, each with an interval', () => {
    const badugi = runArena({
      game: gameModule('badugi')!,
      policies: [parsePolicy('random')!, parsePolicy('auto')!],
      games: 150,
      seed: 2,
      duplicate: true,
      options: { limit: 'fixed', bigBlind: 4, smallBlind: 2 },
    })
    const [r, a] = badugi.seats
    expect(r!.bbPer100!.mean).toBeCloseTo((r!.net * 100) / 4, 1)
    expect(r!.bbPer100!.ci[0]).toBeLessThan(r!.bbPer100!.mean)
    expect(r!.net + a!.net).toBeCloseTo(0, 6)
    const bugami = runArena({
      game: gameModule('bugami')!,
      policies: [parsePolicy('random')!, parsePolicy('auto')!, parsePolicy('auto')!],
      games: 3,
      seed: 2,
      duplicate: true,
      options: { target: 100 },
    })
    const overPar = bugami.seats.reduce((sum, s) => sum + s.pointsOverPar.mean, 0)
    expect(overPar).toBeCloseTo(0, 1)
    expect(bugami.seats[0]!.pointsOverPar.ci[0]).toBeLessThanOrEqual(bugami.seats[0]!.pointsOverPar.mean)
  })

  it('refuses AI seats for a game whose module names no AI', () => {
    const policies = [parsePolicy('ai')!, parsePolicy('auto')!]
    expect(() => runArena({ game: highCardGame, policies, games: 1, seed: 1 })).toThrow('High card has no AI player')
  })

  it('gives 95% intervals that hold the estimate', () => {
    const [lo, hi] = wilson(30, 100)
    expect(lo).toBeGreaterThan(0.21)
    expect(hi).toBeLessThan(0.4)
    expect(wilson(0, 10)[0]).toBe(0)
    const m = meanInterval([1, -1, 1, -1, 2, 0])
    expect(m.mean).toBeCloseTo(1 / 3)
    expect(m.ci[0]).toBeLessThan(m.mean)
    expect(m.ci[1]).toBeGreaterThan(m.mean)
  })

  it("simulate --seats prints one JSON line with each policy's stats", () => {
    const r = simulate('--game', 'bura', '--games', '10', '--seed', '7', '--seats', 'ai:easy,random')
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as { players: number; seats: { seat: number; policy: string; wins: number }[] }
    expect(out.players).toBe(2)
    expect(out.seats.map((s) => [s.seat, s.policy])).toEqual([
      [0, 'ai:easy'],
      [1, 'random'],
    ])
    expect(out.seats[0]!.wins + out.seats[1]!.wins).toBeLessThanOrEqual(10)
  })

  it('simulate --duplicate plays each deal once per rotation and needs --seats', () => {
    const r = simulate('--game', 'bura', '--games', '5', '--seed', '7', '--seats', 'auto,random', '--duplicate')
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as { games: number; deals: number; duplicate: boolean }
    expect(out).toMatchObject({ games: 10, deals: 5, duplicate: true })
    const bad = simulate('--game', 'bura', '--duplicate')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--duplicate compares policies')
  })

  it('simulate --seats refuses an unknown policy or a count that does not match --players', () => {
    const bad = simulate('--game', 'bura', '--seats', 'ai,genius')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('--seats takes ai, ai:easy, ai:strong, expert, auto or random, not "genius"')
    const count = simulate('--game', 'bura', '--players', '3', '--seats', 'ai,auto')
    expect(count.status).toBe(2)
    expect(count.stderr).toContain('--seats names 2 policies for 3 players')
  })
})
