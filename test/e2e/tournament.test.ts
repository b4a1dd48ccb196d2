import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import {
  buttonLabels,
  eachTestWorld,
  everyChipIn,
  expectNothingHidden,
  openAndStart,
  openHand,
  textOf,
  useControl,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

type Move = { type: string; amount?: number; cards?: string[] }

/** A quiet player: checks, calls, stands pat; only the blinds move much. */
const passive = (legal: Move[]): Move =>
  legal.find((a) => a.type === 'check') ??
  legal.find((a) => a.type === 'call') ??
  legal.find((a) => a.type === 'draw') ??
  legal[0]!

/** Plays the hand in progress through Discord, each move `choose`n; stops when it is over (or the table closed). */
async function playHand(w: World, choose: (legal: Move[]) => Move): Promise<void> {
  for (;;) {
    const t = await w.table().catch(() => null)
    if (!t || t.progress !== 'acting') return
    const who = t.waitingFor[0]!
    const seat = t.seats.find((s) => s.userId === who)!.position!
    const member = w.member(w.nameOf(who))
    const legal = engineFor(t.game)!.legalActions(t.state, seat) as Move[]
    await useControl(member, await openHand(w, member), t.game, choose(legal))
    await expectNothingHidden(w, t.id)
  }
}

describe('a Badugi tournament through Discord', () => {
  it('three members climb the blind levels to one winner, who is paid the pool and rated', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const members = ['alice', 'bob', 'carol'].map((n) => w.member(n))
    await openAndStart(
      w,
      'badugi start',
      { format: 'tournament', structure: 'turbo', level_hands: 2, buy_in: 300, deadline: '1h' },
      ['bob', 'carol'],
    )
    // Each fee went into the prize pool: 700 left in each wallet, 300 of it at the table.
    const balance = await members[1]!.slash(w.channel, 'chips balance')
    expect(textOf(balance)).toContain(`<@${members[1]!.id}> has **700** chips.`)

    // The table message tells the level, the blinds now and next, and the hands until the next level.
    const seen: string[] = []
    for (let hand = 1; ; hand++) {
      const t = await w.table().catch(() => null)
      if (!t || t.status !== 'playing') break
      await w.bot.idle()
      const text = textOf(w.publicMessage(t))
      const line = /Level \d+: blinds [^\\\n"]*/.exec(text)
      if (line) seen.push(line[0])
      // Three quiet hands (levels 1 and 2), then every chip in until one player holds them all.
      await playHand(w, hand <= 3 ? passive : everyChipIn)
      const after = await w.table().catch(() => null)
      if (after && after.status === 'playing' && after.progress === 'gameOver')
        await members[0]!.click(w.publicMessage(after), 'Next hand')
      if (hand > 60) throw new Error('the tournament did not end')
    }
    expect(seen.slice(0, 3)).toEqual([
      'Level 1: blinds 5/10 · next 10/20 in 2 hands',
      'Level 1: blinds 5/10 · next 10/20 after this hand',
      'Level 2: blinds 10/20 · next 20/40 in 2 hands',
    ])

    // One winner: the final standings are posted once and name the prize.
    await w.bot.idle()
    const finals = w.channel.messages().filter((m) => textOf(m).includes('🏁 The tournament is over at Badugi'))
    expect(finals).toHaveLength(1)
    const prize = /💰 Prize for place 1: <@(\d+)> wins 900 chips\./.exec(textOf(finals[0]!))
    expect(prize).not.toBeNull()
    const winner = members.find((m) => m.id === prize![1])!
    expect(buttonLabels(finals[0]!)).toEqual([])

    // The winner's wallet shows the prize: 1,000 - 300 + 900.
    expect(textOf(await winner.slash(w.channel, 'chips balance'))).toContain(`<@${winner.id}> has **1,600** chips.`)
    for (const m of members.filter((m) => m !== winner))
      expect(textOf(await m.slash(w.channel, 'chips balance'))).toContain(`<@${m.id}> has **700** chips.`)

    // The finish is rated: the winner ranks first of three.
    const rating = await winner.slash(w.channel, 'rating', { game: 'badugi' })
    expect(rating.ephemeral).toBe(true)
    expect(textOf(rating)).toMatch(/rank 1 of 3/)
    expect(textOf(rating)).toMatch(/first result: [\d,]+ \(place 1\)/)
  }, 300_000)
})
