import { describe, expect, it } from 'vitest'
import type { FakeMessage, OptionValue } from '../../src/sandbox/discord/index.js'
import type { BuraView } from '../../src/games/bura/rules/index.js'
import { engineFor, GAMES } from '../../src/games/registry.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import {
  advance,
  buttonLabels,
  chooseMove,
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playTurn,
  playUntil,
  textOf,
  untilSomeoneActs,
  useControl,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

/** The public messages that ping someone: every public message but the table message and the results. */
async function livePings(w: World, table: TableSnapshot): Promise<FakeMessage[]> {
  const kept = await w.bot.store.prisma.tableEffect.findMany({
    where: { tableId: table.id, kind: { in: ['result', 'final'] }, messageId: { not: null } },
    select: { messageId: true },
  })
  const results = new Set(kept.map((e) => e.messageId))
  return w.channel.publicMessages().filter((m) => m.id !== table.messageId && !results.has(m.id))
}

/** A field of a message's first embed by the start of its name. */
const fieldOf = (m: FakeMessage, name: string) => m.embeds[0]?.fields?.find((f) => f.name.startsWith(name))?.value

type BuraPlay = { type: string; cards: string[]; faceDown?: boolean }

const mentions = (m: FakeMessage, t: TableSnapshot) =>
  t.seats.filter((s) => s.position !== null && m.content.includes(`<@${s.userId}>`)).length

describe('a quiet channel', () => {
  it.each<{ game: string; options: Record<string, OptionValue>; joiners: string[] }>([
    { game: 'bugami', options: { target: 20 }, joiners: ['bob', 'carol'] },
    { game: 'bura', options: { buy_in: 100 }, joiners: ['bob'] },
    { game: 'badugi', options: { buy_in: 100 }, joiners: ['bob', 'carol'] },
  ])(
    'after a whole $game game the channel holds the table message, the results and one ping with the result',
    async ({ game, options, joiners }) => {
      const w = await startWorld(['alice', ...joiners])
      await openAndStart(w, `${game} start`, options, joiners)
      const id = (await w.table()).id
      // Every turn pinged someone on the way; each ping replaced the one before. A Bura game can end
      // at its first move: deal again until a game took a few turns.
      let moves = await playUntil(w, (t) => t.progress !== 'acting')
      for (let deal = 1; game === 'bura' && moves <= 3 && deal < 5; deal++) {
        await w.member('alice').click(w.publicMessage(await w.table()), 'Next game')
        await untilSomeoneActs(w)
        moves = await playUntil(w, (t) => t.progress !== 'acting')
      }
      expect(moves).toBeGreaterThan(3)
      await w.bot.idle()
      const table = await w.tableById(id)
      // What should stay, from the action log: one result per game dealt (a Bugami match posts each
      // deal, its last one with the match's final standings; Bura and Badugi each game or hand).
      const log = await w.bot.store.actions.list(id)
      const dealt = log.filter((e) => e.kind === 'setup' || e.kind === 'nextDeal').length
      expect(table.gamesPlayed).toBe(game === 'bugami' ? 1 : dealt)
      const title = GAMES[game as keyof typeof GAMES].rules.title
      const results = w.channel.publicMessages().filter((m) => m.content.startsWith(`🏁 **${title}** — `))
      expect(results).toHaveLength(dealt)
      if (game === 'bugami') expect(results.at(-1)!.content.split('\n')[0]).toMatch(/wins the match with/)
      // The table message, the results and one ping: nothing else is left in the channel.
      expect(w.channel.publicMessages()).toHaveLength(1 + dealt + 1)
      expect(w.channel.publicMessages().filter((m) => m.id === table.messageId)).toHaveLength(1)
      // The one ping left: the game's result, for everyone who played it.
      const [ping] = await livePings(w, table)
      expect(ping!.content).toMatch(new RegExp(`^🏁 <@\\d+>.* — ${title}: `))
      expect(mentions(ping!, table)).toBe(1 + joiners.length)
      if (game === 'bugami') expect(table.status).toBe('finished')
      else expect(buttonLabels(ping!)).toEqual([game === 'badugi' ? 'Next hand' : 'Next game'])
      await expectNothingHidden(w, id)
    },
  )

  it('a reminder replaces the turn ping, and the next turn ping replaces the reminder', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { buy_in: 100, deadline: '2m' }, ['bob'])
    const t0 = await untilSomeoneActs(w)
    await advance(w, 91_000)
    const [reminder] = await livePings(w, t0)
    expect(reminder!.content).toMatch(/^⏳ Reminder/)
    expect(reminder!.content).toContain(`<@${t0.waitingFor[0]}>`)
    expect(buttonLabels(reminder!)).toEqual(['Play'])
    await advance(w, 29_000)
    const t1 = await w.table()
    const pings = await livePings(w, t1)
    expect(pings.map((m) => m.content.includes(`<@${t1.waitingFor[0]}>`) && !/Reminder/.test(m.content))).toEqual([
      true,
    ])
    expect(w.discord.message(reminder!.id)).toBeUndefined()
  })
})

describe('what a player waits for goes first', () => {
  it('a move pings the next player first, then edits the table message, deletes the old ping last', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'badugi start', { buy_in: 100 }, ['bob', 'carol'])
    const t0 = await w.table()
    await w.bot.idle()
    const [oldPing] = await livePings(w, t0)
    const from = w.discord.requests.length
    await playTurn(w, t0.waitingFor[0]!)
    await w.bot.idle()
    const t1 = await w.table()
    expect(t1.waitingFor[0]).not.toBe(t0.waitingFor[0])
    const [newPing] = await livePings(w, t1)
    const name = (id: string) => (id === t1.messageId ? 'table message' : id === oldPing!.id ? 'old ping' : id)
    const channelWrites = w.discord.requests
      .slice(from)
      .filter((r) => r.method !== 'GET' && r.path.startsWith(`/channels/${w.channel.id}/messages`))
      .map((r) => `${r.method} ${r.method === 'POST' ? 'message' : name(r.path.split('/').at(-1)!)}`)
    expect(channelWrites).toEqual(['POST message', 'PATCH table message', 'DELETE old ping'])
    expect(newPing!.content).toContain(`<@${t1.waitingFor[0]}>`)
  })
})

describe('one tap from ping to move', () => {
  it('the ping says what is wanted; Play opens the private view, showing the table; the move updates it', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'badugi start', { buy_in: 100 }, ['bob', 'carol'])
    const table = await w.table()
    await w.bot.idle()
    const [ping] = await livePings(w, table)
    const who = table.waitingFor[0]!
    const member = w.member(w.nameOf(who))
    // Before the draw, the first to act faces the big blind.
    expect(ping!.content).toMatch(new RegExp(`^<@${who}>, your turn at Badugi: \\d+ to call\\.`))
    const view = await member.click(ping!, 'Play')
    expect(view.ephemeral).toBe(true)
    const text = textOf(view)
    // Everyone's stack and the pot, without the table message.
    expect(text).toContain('At the table')
    for (const s of table.seats) expect(text).toContain(`<@${s.userId}>`)
    expect(text).toContain('Pot')
    expect(text).toMatch(/automatic move <t:\d+:R>/)
    const seat = table.seats.find((s) => s.userId === who)!.position!
    const answer = await useControl(member, view, 'badugi', chooseMove(table, seat))
    expect(answer.id).toBe(view.id)
    expect(answer.kind).toBe('update')
    expect((await w.table()).version).toBeGreaterThan(table.version)
    await expectNothingHidden(w, table.id)
  })

  it('Bura: the ping asks for N cards; Play shows the trick, stacks, pot, deadline, then the last trick', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob'])
    const t0 = await untilSomeoneActs(w)
    const bura = engineFor('bura')!
    const trickOf = (t: TableSnapshot) => (bura.view(t.state, null) as BuraView).trick
    // A combination is led by the bot at the start of a trick; otherwise the leader leads as many
    // cards as they may, face up. Either way the answer must match the count led.
    if (!trickOf(t0)?.plays.length) {
      const leaderSeat = t0.seats.find((s) => s.userId === t0.waitingFor[0])!.position!
      const [lead] = (bura.legalActions(t0.state, leaderSeat) as BuraPlay[])
        .filter((a) => a.type === 'play' && !a.faceDown)
        .sort((a, b) => b.cards.length - a.cards.length)
      const leaderMember = w.member(w.nameOf(t0.waitingFor[0]!))
      await useControl(leaderMember, await openHand(w, leaderMember), 'bura', lead!)
    }
    // Start (and Next game) answer by drawing the table message in place; the turn ping is posted
    // after that answer. When the deal led a combination no move came since: wait for the ping.
    await w.bot.idle()
    const t1 = await w.table()
    const trick = trickOf(t1)!
    const leader = t1.seats.find((s) => s.position === trick.plays[0]!.seat)!.userId
    const answerer = t1.waitingFor[0]!
    expect(answerer).not.toBe(leader)
    const n = trick.size
    const cards = `${n} card${n === 1 ? '' : 's'}`
    const [ping] = await livePings(w, t1)
    expect(ping!.content).toMatch(new RegExp(`^<@${answerer}>, your turn at Bura: answer with ${cards}\\.`))

    // The table's footer: its options as players say them, none by its internal name (showCounts).
    expect(w.publicMessage(t1).embeds[0]!.footer!.text).toMatch(
      /^ante 10 · count in your head · turn time 12 h · break 2 min$/,
    )

    const member = w.member(w.nameOf(answerer))
    const view = await member.click(ping!, 'Play')
    expect(view.ephemeral).toBe(true)
    // The trick in progress: the leader's cards, face up, and who is in front.
    expect(fieldOf(view, 'Trick in progress')).toMatch(new RegExp(`^<@${leader}> .+\\nIn front: <@${leader}>$`))
    expect(view.embeds[0]!.description).toContain(`**Your turn**: answer with exactly ${cards}`)
    // Everyone's stack and tricks, the pot, the deadline: nothing needs the table message.
    const atTable = fieldOf(view, 'At the table')!
    for (const s of t1.seats) expect(atTable).toMatch(new RegExp(`<@${s.userId}>.* — \\d+ chips · \\d+ tricks?`))
    expect(fieldOf(view, 'Pot')).toBe(`${t1.pot} chips`)
    expect(view.embeds[0]!.description).toMatch(/⏰ Your move: automatic move <t:\d+:R>\./)
    expect(fieldOf(view, 'Last trick')).toBeUndefined()

    const answerSeat = t1.seats.find((s) => s.userId === answerer)!.position!
    const answered = await useControl(member, view, 'bura', chooseMove(t1, answerSeat))
    expect(answered.id).toBe(view.id)
    expect(answered.kind).toBe('update')
    // The trick is over: the same view shows it as the last trick, with who took it.
    expect(fieldOf(answered, 'Last trick')).toMatch(
      new RegExp(`^<@${leader}> .+ · <@${answerer}> .+\\nTaken by <@(${leader}|${answerer})>$`),
    )
    // (Unless the bot leads a combination at once for the next trick.)
    const t2 = await w.table()
    expect(fieldOf(answered, 'Trick in progress') === undefined).toBe(!trickOf(t2)?.plays.length)
    await expectNothingHidden(w, t1.id)
  })

  it('Bugami: Play shows the trick in progress and the totals; after the trick, the last trick', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bugami start', { target: 500 }, ['bob', 'carol'])
    const bugami = engineFor('bugami')!
    const view = (t: TableSnapshot) => bugami.view(t.state, null) as { phase: string; trick: unknown[] }
    // Everyone bids, then the first card is led.
    await playUntil(w, (t) => view(t).phase === 'playing' && view(t).trick.length === 1)
    await w.bot.idle()
    const t1 = await w.table()
    const second = t1.waitingFor[0]!
    const [ping] = await livePings(w, t1)
    expect(ping!.content).toMatch(new RegExp(`^<@${second}>, your turn at Bugami: your card( \\([♠♥♦♣] led\\))?\\.`))
    const mine = await w.member(w.nameOf(second)).click(ping!, 'Play')
    expect(fieldOf(mine, 'Trick in progress')).toMatch(/^<@\d+> [^·\n]+$/)
    expect(fieldOf(mine, 'At the table')!.match(/total \*\*-?\d+\*\*/g)).toHaveLength(3)
    expect(mine.embeds[0]!.description).toMatch(/⏰ Your move: automatic move <t:\d+:R>\./)
    expect(fieldOf(mine, 'Last trick (1)')).toBeUndefined()

    // The trick is played out: the next player's view shows it as the last trick, with who took it.
    await playUntil(w, (t) => view(t).trick.length === 0)
    const t2 = await w.table()
    const next = await openHand(w, w.member(w.nameOf(t2.waitingFor[0]!)))
    expect(fieldOf(next, 'Last trick (1)')).toMatch(/^<@\d+> [^·]+ · <@\d+> [^·]+ · <@\d+> [^·]+\nTaken by <@\d+>$/)
    expect(fieldOf(next, 'Trick in progress')).toBe('No card yet.')
    await expectNothingHidden(w, t2.id)
  })
})

describe('nobody waits for nothing', () => {
  it('Next game on the result ping deals at once (the break then does nothing), else the break deals', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { buy_in: 200, break: 1 }, ['bob'])
    await untilSomeoneActs(w)
    await playUntil(w, (t) => t.progress !== 'acting')
    await w.bot.idle()
    const over = await w.table()
    expect(over.deadlineAt).toBe(w.discord.clock.now() + 60_000)
    const [first] = await livePings(w, over)
    expect(first!.content).toContain('starts by itself')
    await w.member('bob').click(first!, 'Next game')
    await w.bot.idle()
    const dealt = await w.table()
    expect(dealt.version).toBeGreaterThan(over.version)
    // The break's deadline passes: the game already dealt is left alone.
    await advance(w, 61_000)
    expect((await w.table()).version).toBe(dealt.version)

    await untilSomeoneActs(w)
    await playUntil(w, (t) => t.progress !== 'acting')
    await w.bot.idle()
    const again = await w.table()
    const [second] = await livePings(w, again)
    expect(second!.content).toContain('🏁')
    // The bot is down when the break ends: the deadline is in the database, so the game is dealt at the start.
    await w.bot.stop()
    await w.discord.clock.advance(61_000)
    await w.boot()
    await w.bot.idle()
    const next = await w.table()
    expect(next.version).toBeGreaterThan(again.version)
    expect(next.gamesPlayed).toBeGreaterThanOrEqual(again.gamesPlayed)
    // The result ping gave way to the next game's turn ping (or, for a game over at once, its result).
    expect(w.discord.message(second!.id)).toBeUndefined()
    expect(await livePings(w, next)).toHaveLength(1)
  })
})

describe('the table log', () => {
  it('marks automatic moves, and their player sees a note in their view', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { buy_in: 100, deadline: '2m' }, ['bob'])
    const t0 = await untilSomeoneActs(w)
    const late = t0.waitingFor[0]!
    await advance(w, 120_000)
    const t1 = await w.table()
    expect(textOf(w.publicMessage(t1))).toContain('_(automatic)_')
    const view = await openHand(w, w.member(w.nameOf(late)))
    expect(textOf(view)).toContain('played for you automatically')
    const other = t0.seats.find((s) => s.userId !== late)!.userId
    expect(textOf(await openHand(w, w.member(w.nameOf(other))))).not.toContain('played for you automatically')
    await expectNothingHidden(w, t0.id)
  })

  it('shows joins with their buy-in, leaves with their cash-out and kicks', async () => {
    const w = await startWorld(['alice', 'bob', 'carol', 'dave'])
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob', 'carol'])
    await untilSomeoneActs(w)
    await playUntil(w, (t) => t.progress !== 'acting')
    let table = await w.table()
    await w.member('dave').click(w.publicMessage(table), 'Join')
    await w.member('carol').slash(w.channel, 'table leave')
    await w.member('alice').slash(w.channel, 'table kick', { player: w.member('bob').id })
    await w.bot.idle()
    table = await w.table()
    const text = textOf(w.publicMessage(table))
    const id = (n: string) => w.member(n).id
    expect(text).toContain(`<@${id('dave')}> sat down, buying in for 100 chips`)
    expect(text).toMatch(new RegExp(`<@${id('carol')}> stood up, cashing out \\d+ chips`))
    expect(text).toContain(`<@${id('alice')}> removed <@${id('bob')}> from the table`)
  })
})
