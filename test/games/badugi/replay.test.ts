import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { replayText } from '../../support/replay.js'

const DIR = join(import.meta.dirname, 'scenarios')

/** Runs a scenario file through the real command line, as a user would. */
function replayCli(file: string): Promise<{ code: number; out: any }> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'replay', '--', join(DIR, file)],
      { cwd: join(import.meta.dirname, '../../..') },
      (err, stdout) => {
        try {
          resolve({ code: err ? Number((err as { code?: number }).code) : 0, out: JSON.parse(stdout) })
        } catch (e) {
          reject(new Error(`${file}: ${(e as Error).message}: ${stdout}`))
        }
      },
    )
  })
}

const seat = (out: any, s: number) => out.seats[s]

describe('Badugi scenario files through `npm run replay`', () => {
  it('replays the scenario files with the results the rules give', async () => {
    // Two files go through the command line itself (exit 0 and exit 1); the rest through the same replay in-process.
    const cli = ['anna-ben.json', 'raise-cap.json']
    const inProcess = ['side-pots.json', 'odd-chip.json', 'heads-up-order.json', 'reshuffle.json', 'next-hand.json']
    const runs: Record<string, { code: number; out: any }> = Object.fromEntries(
      await Promise.all(cli.map(async (f) => [f, await replayCli(f)] as const)),
    )
    for (const f of inProcess) {
      const r = replayText(readFileSync(join(DIR, f), 'utf8'))
      runs[f] = { code: r.exitCode, out: JSON.parse(JSON.stringify(r.output)) }
    }

    // Anna's 8-6-5-3 badugi beats Ben's 7-4-2 (source example); Anna wins Ben's 2 chips.
    const anna = runs['anna-ben.json']!
    expect(anna.code).toBe(0)
    expect(anna.out).toMatchObject({ ok: true, game: 'badugi', over: true, pot: 0, winners: [0] })
    expect(seat(anna.out, 0)).toMatchObject({ stack: 102, handValue: '8-6-5-3 badugi' })
    expect(seat(anna.out, 1)).toMatchObject({ stack: 98, handValue: '3-card 7-4-2' })
    expect([...seat(anna.out, 0).hand].sort()).toEqual(['3D', '5C', '6H', '8S'])
    expect([...seat(anna.out, 1).hand].sort()).toEqual(['2C', '2D', '4H', '7S'])
    expect(anna.out.events.filter((e: any) => e.type === 'show').map((e: any) => e.seat)).toEqual([1, 0])

    const side = runs['side-pots.json']!
    expect(side.code).toBe(0)
    expect(side.out.seats.map((s: any) => s.stack)).toEqual([40, 40, 45, 70])
    expect(side.out.winners).toEqual([1, 2, 3])
    expect(
      side.out.events
        .filter((e: any) => e.type === 'chips' && e.to !== 'pot')
        .map((e: any) => [e.to.seat, e.amount, e.reason]),
    ).toEqual([
      [0, 40, 'uncalled bet returned'],
      [1, 40, 'main pot'],
      [2, 45, 'side pot 1'],
      [3, 70, 'side pot 2'],
    ])

    const odd = runs['odd-chip.json']!
    expect(odd.out.seats.map((s: any) => s.stack)).toEqual([100, 99, 101])
    expect(odd.out.winners).toEqual([0, 2])

    expect(runs['raise-cap.json']).toMatchObject({ code: 1, out: { ok: false, error: { index: 3 } } })
    expect(runs['raise-cap.json']!.out.error.message).toMatch(/capped/)
    expect(runs['heads-up-order.json']).toMatchObject({ code: 1, out: { ok: false, error: { index: 4 } } })

    const reshuffle = runs['reshuffle.json']!
    expect(reshuffle.code).toBe(0)
    expect(reshuffle.out.events).toContainEqual({ type: 'reshuffle', cards: 20 })
    // Seat 6 threw 5D 6D 7D 8D when the pile ran out: none of them can come back to it.
    expect(seat(reshuffle.out, 6).hand.filter((x: string) => ['5D', '6D', '7D', '8D'].includes(x))).toEqual([])
    expect(reshuffle.out).toMatchObject({ phase: 'betting', pot: 16, over: false })

    const next = runs['next-hand.json']!
    expect(next.code).toBe(0)
    expect(next.out).toMatchObject({ handNo: 2, dealer: 1, pot: 3, winners: [] })
    expect(
      next.out.events
        .filter((e: any) => e.type === 'handStarted')
        .map((e: any) => [e.dealer, e.smallBlind, e.bigBlind]),
    ).toEqual([
      [0, 1, 2],
      [1, 2, 0],
    ])
  })

  it('ends a betting round without an action when nobody is left to bet against', () => {
    const r = replayText(readFileSync(join(DIR, 'bb-no-action.json'), 'utf8'))
    const out = JSON.parse(JSON.stringify(r.output))
    expect(r.exitCode).toBe(0)
    // Round 1 closed after the small blind folded: the big blind (seat 2) never acted.
    expect(out.events.some((e: any) => e.seat === 2 && ['check', 'bet', 'raise', 'call'].includes(e.type))).toBe(false)
    expect(out.events.filter((e: any) => e.type === 'bettingRound').map((e: any) => [e.round, e.skipped])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
    ])
    expect(out).toMatchObject({ over: true, pot: 0, winners: [0] })
    expect(out.seats.map((s: any) => s.stack)).toEqual([5, 99, 98])
  })

  it('plays a freeze-out to the end: side pot, a seat knocked out, one player holding every chip', () => {
    const text = readFileSync(join(DIR, 'freezeout-to-the-end.json'), 'utf8')
    const r = replayText(text)
    const out = JSON.parse(JSON.stringify(r.output))
    expect(r.exitCode).toBe(0)
    expect(out).toMatchObject({ handNo: 3, over: true, winners: [0], matchWinner: 0 })
    expect(out.seats.map((s: any) => s.stack)).toEqual([60, 0, 0])
    const pots = out.events
      .filter((e: any) => e.type === 'chips' && e.to !== 'pot')
      .map((e: any) => [e.to.seat, e.amount, e.reason])
    expect(pots).toEqual([
      [0, 21, 'pot'],
      [2, 30, 'main pot'],
      [0, 18, 'side pot 1'],
      [0, 60, 'pot'],
    ])
    // Hand 3 is heads-up: seat 1 has no chips and is dealt nothing.
    expect(out.events.filter((e: any) => e.type === 'handStarted').map((e: any) => e.seats)).toEqual([
      [1, 2, 0],
      [2, 0, 1],
      [0, 2],
    ])
    // The match is over: no fourth hand is dealt.
    const more = JSON.parse(text)
    more.actions.push({ seat: 0, type: 'check' })
    expect(replayText(JSON.stringify(more)).output).toMatchObject({
      ok: false,
      error: {
        index: more.actions.length - 1,
        message: 'The freeze-out is over: seat 0 holds every chip at the table.',
      },
    })
  })

  it('keeps a freeze-out seat whose player stood up in play: it posts blinds and folds every hand', () => {
    const r = replayText(readFileSync(join(DIR, 'freezeout-stand-up.json'), 'utf8'))
    const out = JSON.parse(JSON.stringify(r.output))
    expect(r.exitCode).toBe(0)
    expect(out).toMatchObject({ handNo: 3, over: true, winners: [0], matchWinner: null })
    expect(out.seats.map((s: any) => s.stack)).toEqual([16, 7, 7])
    const hands = out.events.filter((e: any) => e.type === 'handStarted')
    expect(hands.map((e: any) => [e.dealer, e.smallBlind, e.bigBlind, e.seats])).toEqual([
      [0, 1, 2, [1, 2, 0]],
      [1, 2, 0, [2, 0, 1]],
      [2, 0, 1, [0, 1, 2]],
    ])
    // In hand 3 the departed seat 1 posts the big blind, then folds before anyone acts.
    const third = out.events.slice(out.events.indexOf(out.events.filter((e: any) => e.type === 'handStarted')[2]))
    expect(third.slice(1, 4)).toEqual([
      { type: 'chips', from: { seat: 0 }, to: 'pot', amount: 1, reason: 'small blind' },
      { type: 'chips', from: { seat: 1 }, to: 'pot', amount: 2, reason: 'big blind' },
      { type: 'fold', seat: 1 },
    ])
  })

  it('takes each new pile shuffled from the discards from "reshuffles" when the file gives them', () => {
    const base = JSON.parse(readFileSync(join(DIR, 'reshuffle.json'), 'utf8'))
    const seeded = JSON.parse(JSON.stringify(replayText(JSON.stringify(base)).output))
    // The 20 cards seats 1-5 threw before the pile ran out, in an order the seed would not give.
    const discards: string[] = seeded.seats
      .slice(1, 6)
      .flatMap((_: unknown, i: number) => base.actions.find((a: any) => a.seat === i + 1 && a.type === 'draw').cards)
    const pile = [...discards].sort()
    const out = JSON.parse(JSON.stringify(replayText(JSON.stringify({ ...base, reshuffles: [pile] })).output))
    expect(out).toMatchObject({ ok: true, phase: 'betting', pot: 16 })
    expect(seat(out, 6).hand).toEqual(pile.slice(0, 4))
    expect(seat(out, 7).hand).toEqual(pile.slice(4, 8))
    expect(seat(out, 6).hand).not.toEqual(seat(seeded, 6).hand)

    const wrong = replayText(JSON.stringify({ ...base, reshuffles: [pile.slice(1)] }))
    expect(wrong.exitCode).toBe(1)
    expect(wrong.output.error).toMatchObject({
      message: 'A reshuffle in the file does not fit: a new pile must hold exactly the 20 cards discarded so far.',
    })
  })

  it('refuses malformed files with exit 2 and names the problem', () => {
    const base = JSON.parse(readFileSync(join(DIR, 'odd-chip.json'), 'utf8'))
    expect(replayText(JSON.stringify({ ...base, options: { limit: 'spread' } })).exitCode).toBe(2)
    expect(replayText(JSON.stringify({ ...base, options: { ante: 1 } })).exitCode).toBe(2)
    expect(replayText(JSON.stringify({ ...base, actions: [{ seat: 0, type: 'draw', cards: ['ZZ'] }] })).exitCode).toBe(
      2,
    )
    expect(replayText(JSON.stringify({ ...base, actions: [{ seat: 0, type: 'shove' }] })).exitCode).toBe(2)
    expect(replayText(JSON.stringify({ ...base, deck: base.deck.slice(1) })).exitCode).toBe(2)
    expect(replayText(JSON.stringify({ ...base, options: { format: 'knockout' } })).exitCode).toBe(2)
    expect(
      replayText(JSON.stringify({ ...base, options: { format: 'freezeout' }, stacks: [100, 90, 100] })),
    ).toMatchObject({
      exitCode: 2,
      output: { ok: false, error: { message: 'In a freeze-out everyone buys in the same amount.' } },
    })
  })
})
