import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { replayScenario, replayText } from '../../support/replay.js'

/** Scenario files (docs/rules/scenarios.md) through the generic replay command. */

const dir = fileURLToPath(new URL('./scenarios/', import.meta.url))
const root = fileURLToPath(new URL('../../../', import.meta.url))
const scenario = (name: string) =>
  JSON.parse(readFileSync(dir + name, 'utf8')) as Record<string, unknown> & { actions: unknown[] }

interface Seat {
  tricks: number
  bugs: number
  score: number
  total: number
}
interface Out {
  ok: boolean
  phase: string
  over: boolean
  deals: number
  dealer: number
  seats: Seat[]
  winners: number[]
  partnerships: number[][]
  events: { type: string; [k: string]: unknown }[]
  error?: { index?: number; message: string }
}

function replay(sc: unknown): { exitCode: number; out: Out } {
  const r = replayScenario(sc)
  return { exitCode: r.exitCode, out: r.output as unknown as Out }
}
const col = (out: Out, key: keyof Seat) => out.seats.map((s) => s[key])

describe('Bugami scenario files', () => {
  it("the source's trick example: Anna takes the trick with one of her own bugs", () => {
    const { exitCode, out } = replay(scenario('trick-example.json'))
    expect(exitCode).toBe(0)
    expect(out.phase).toBe('playing')
    expect(out.seats[2]).toEqual({ tricks: 1, bugs: 1, score: 0, total: 0 })
    expect(out.deals).toBe(0)
  })

  it("the source's scoring example as a whole deal: 25, 80, 13, 100", () => {
    const { exitCode, out } = replay(scenario('scoring-example.json'))
    expect(exitCode).toBe(0)
    expect(out.phase).toBe('between')
    expect(col(out, 'tricks')).toEqual([5, 4, 4, 0])
    expect(col(out, 'bugs')).toEqual([2, 0, 3, 0])
    expect(col(out, 'score')).toEqual([25, 80, 13, 100])
    expect(col(out, 'total')).toEqual([25, 80, 13, 100])
    expect(out.deals).toBe(1)
    expect(out.winners).toEqual([])
  })

  it('a slam scores 100 with 13 bugs in it; the misère bidder 100; the other 0', () => {
    const { out } = replay(scenario('slam.json'))
    expect(col(out, 'tricks')).toEqual([17, 0, 0])
    expect(col(out, 'score')).toEqual([100, 100, 0])
  })

  it('a misère bidder who takes every trick scores 0, no slam, the others 30', () => {
    const { out } = replay(scenario('misere-takes-all.json'))
    expect(col(out, 'score')).toEqual([0, 30, 30])
  })

  it('the leftovers go with the last trick and their bugs count for its winner', () => {
    const { out } = replay(scenario('leftovers.json'))
    const last = out.events.filter((e) => e.type === 'trickWon').at(-1)
    expect(last).toMatchObject({ seat: 4, trick: 10, cards: ['2D', 'AC', '5H', 'AH', 'AD'], leftovers: ['2H', '3H'] })
    expect(out.seats[4]).toEqual({ tricks: 1, bugs: 4, score: 2, total: 2 }) // floor(10 / 4)
    expect(out.seats[0]).toMatchObject({ tricks: 9, bugs: 11, score: 8 }) // floor(90 / 11)
    expect(col(out, 'score').slice(1, 4)).toEqual([30, 30, 30])
  })

  it('Shotgun Wedding: two heart bidders who take every trick between them both score a slam', () => {
    const { out } = replay(scenario('shotgun-wedding.json'))
    expect(out.partnerships).toEqual([[0, 2]])
    expect(col(out, 'tricks')).toEqual([7, 0, 6, 0])
    expect(col(out, 'score')).toEqual([100, 0, 100, 100])
  })

  it('the tie rule: three totals tied at the target mean another deal, which then decides', () => {
    const sc = scenario('tie-rule.json')
    const { exitCode, out } = replay(sc)
    expect(exitCode).toBe(0)
    const scored = out.events.filter((e) => e.type === 'dealScored')
    expect(scored[0]).toMatchObject({ deal: 1, scores: [100, 100, 100], totals: [100, 100, 100], tiedAtTop: [0, 1, 2] })
    expect(out).toMatchObject({ phase: 'gameOver', over: true, deals: 2, dealer: 0, winners: [1] })
    expect(col(out, 'total')).toEqual([100, 200, 100])
    expect(out.events.filter((e) => e.type === 'gameWon')).toEqual([
      { type: 'gameWon', seat: 1, totals: [100, 200, 100] },
    ])

    const after = replay({ ...sc, actions: [...sc.actions, { seat: 2, type: 'bid', suit: 'H' }] })
    expect(after.exitCode).toBe(1)
    expect(after.out.error).toEqual({
      index: sc.actions.length,
      message: 'The match is over: start a new game to play again.',
    })
  })

  it('a whole match continues with seeded decks after the given deck, the dealer moving left each deal', () => {
    const sc = scenario('multi-deal-seeded.json')
    const { exitCode, out } = replay(sc)
    expect(exitCode).toBe(0)
    expect(out.over).toBe(true)
    const dealt = out.events.filter((e) => e.type === 'dealt')
    expect(dealt.length).toBe(out.deals)
    expect(out.deals).toBeGreaterThan(2)
    dealt.forEach((e, i) => expect(e).toMatchObject({ deal: i + 1, dealer: (1 + i) % 4 }))
    const scored = out.events.filter((e) => e.type === 'dealScored') as unknown as { scores: number[] }[]
    const sums = [0, 1, 2, 3].map((s) => scored.reduce((a, d) => a + d.scores[s]!, 0))
    expect(col(out, 'total')).toEqual(sums)
    const top = Math.max(...sums)
    expect(top).toBeGreaterThanOrEqual(150)
    expect(out.winners).toEqual([sums.indexOf(top)])
    expect(sums.filter((t) => t === top)).toHaveLength(1)
    // The same file gives the same game; "decks": [deck] is the same as "deck".
    expect(replay(sc).out).toEqual(out)
    const { deck, ...rest } = sc
    expect(replay({ ...rest, decks: [deck] }).out).toEqual(out)
  })

  it('stops where the file stops: at the end of a deal it shows that deal; an action later the next is on', () => {
    const sc = scenario('multi-deal-seeded.json')
    const firstDeal = 4 + 52
    const atEnd = replay({ ...sc, actions: sc.actions.slice(0, firstDeal) }).out
    expect(atEnd.phase).toBe('between')
    expect(atEnd.deals).toBe(1)
    expect(col(atEnd, 'score')).toEqual(col(atEnd, 'total'))
    expect(col(atEnd, 'score').some((s) => s > 0)).toBe(true)
    const next = replay({ ...sc, actions: sc.actions.slice(0, firstDeal + 1) }).out
    expect(next).toMatchObject({ phase: 'bidding', deals: 1, dealer: 2 })
    expect(col(next, 'score')).toEqual([0, 0, 0, 0])
    expect(col(next, 'total')).toEqual(col(atEnd, 'total'))
    expect(col(next, 'tricks')).toEqual([0, 0, 0, 0])
  })

  it('an action the rules forbid stops the replay with its index (exit 1)', () => {
    const { exitCode, out } = replay(scenario('illegal-not-following.json'))
    expect(exitCode).toBe(1)
    expect(out).toEqual({ ok: false, error: { index: 6, message: 'You must follow suit: play a ♦.' } })
    const early = replay({
      game: 'bugami',
      players: 4,
      seed: 3,
      actions: [
        { seat: 0, type: 'bid', suit: 'H' },
        { seat: 0, type: 'play', card: 'AS' },
      ],
    })
    expect(early.exitCode).toBe(1)
    expect(early.out.error?.index).toBe(1)
  })

  it.each([
    ['an unknown option', { options: { trumps: true } }, /trumps/],
    ['a bad joker count', { options: { jokers: 3 } }, /jokers/],
    ['a seat out of range', { actions: [{ seat: 4, type: 'bid', suit: 'H' }] }, /seat/],
    ['an unknown action type', { actions: [{ seat: 0, type: 'declare' }] }, /unknown action type "declare"/],
    ['a card that is not a card code', { actions: [{ seat: 0, type: 'play', card: 'ZZ' }] }, /"ZZ" is not a card code/],
    ['a suit that is not a suit', { actions: [{ seat: 0, type: 'bid', suit: 'N' }] }, /S, H, D or C/],
    ['too many players', { players: 8 }, /3 to 7 players/],
    ['a deck that is not the whole deck', { deck: ['AS', 'KS'] }, /the deck has 2 cards/],
    ['a joker in a deck without jokers', { deck: ['X1'] }, /X1/],
  ])('a malformed file is refused with exit 2: %s', (_what, patch, message) => {
    const r = replay({ game: 'bugami', players: 4, seed: 1, actions: [], ...patch })
    expect(r.exitCode).toBe(2)
    expect(r.out.ok).toBe(false)
    expect(r.out.error?.message).toMatch(message)
  })
})

describe('the replay command line', () => {
  const run = (args: string[], input?: string) => {
    const r = spawnSync('npm', ['run', '--silent', 'replay', '--', ...args], { cwd: root, input, encoding: 'utf8' })
    return { status: r.status, out: JSON.parse(r.stdout) as Out }
  }

  it('prints one JSON object and exits 0, 1 or 2', () => {
    const done = run([dir + 'scoring-example.json'])
    expect(done.status).toBe(0)
    expect(done.out.ok).toBe(true)
    expect(col(done.out, 'score')).toEqual([25, 80, 13, 100])
    const illegal = run([dir + 'illegal-not-following.json'])
    expect(illegal.status).toBe(1)
    expect(illegal.out.error).toEqual({ index: 6, message: 'You must follow suit: play a ♦.' })
    const malformed = run(['-'], '{"game":"bugami","players":4,"actions":[{"seat":0,"type":"bid"}]}')
    expect(malformed.status).toBe(2)
    expect(malformed.out.ok).toBe(false)
    expect(replayText('not json').exitCode).toBe(2)
  })
})
