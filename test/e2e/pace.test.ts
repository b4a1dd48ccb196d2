import { describe, expect, it } from 'vitest'
import { DEFAULT_PACE } from '../../src/discord/desk.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import {
  advance,
  buttonLabels,
  chooseMove,
  eachTestWorld,
  openAndStart,
  playTurn,
  textOf,
  untilSomeoneActs,
  useControl,
  type World,
} from './harness.js'
import { showsCommitted } from './process-bot.js'

const startWorld = eachTestWorld()

/** Edits of a message Discord has received so far. */
const editsOf = (w: World, messageId: string) =>
  w.discord.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${messageId}`)).length

/** Writes to the channel's messages (posts, edits, deletions) since request number `from`. */
const channelWrites = (w: World, from: number) =>
  w.discord.requests
    .slice(from)
    .filter((r) => r.method !== 'GET' && r.path.startsWith(`/channels/${w.channel.id}/messages`))
    .map((r) => r.method)

/** The member on turn moves from their turn ping's Play, as a player who saw the ping would. */
async function moveFromPing(w: World, table: TableSnapshot): Promise<void> {
  const userId = table.waitingFor[0]!
  const member = w.member(w.nameOf(userId))
  const ping = w.channel
    .publicMessages()
    .findLast((m) => m.content.includes(`<@${userId}>`) && buttonLabels(m).includes('Play'))
  expect(ping).toBeDefined()
  const view = await member.click(ping!, 'Play')
  const seat = table.seats.find((s) => s.userId === userId)!.position!
  await useControl(member, view, table.game, chooseMove(table, seat))
}

describe('a busy table is drawn at its pace', () => {
  it('changes within a second are one table-message edit, at the latest state, after the second', async () => {
    // The default pace's edits; each answer after its change is shown, so the test reads them in order.
    const w = await startWorld(['alice', 'bob'], {
      pace: { tableEditMs: DEFAULT_PACE.tableEditMs, answerWaitMs: Infinity },
    })
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob'])
    for (let attempt = 0; attempt < 20; attempt++) {
      await advance(w, DEFAULT_PACE.tableEditMs)
      await untilSomeoneActs(w)
      // An edit the pace held back (changes of the same second) goes out in the first advance;
      // after the second one the last edit was a second ago, whatever the opening's timing.
      await advance(w, DEFAULT_PACE.tableEditMs)
      await advance(w, DEFAULT_PACE.tableEditMs)
      // The first move is drawn at once, the next ones wait for the second to be over: the bot's
      // clock stands still meanwhile.
      await moveFromPing(w, await w.table())
      const before = await w.table()
      // A Bura game can end at any move: then try again with the next game.
      if (before.progress !== 'acting') continue
      const edits = editsOf(w, before.messageId!)
      expect(await showsCommitted(w.publicMessage(before), before, w.discord.clock.now(), w.bot.tables)).toBe(true)
      const shown = textOf(w.publicMessage(before))
      await moveFromPing(w, before)
      const second = await w.table()
      if (second.progress === 'acting') await moveFromPing(w, second)
      const latest = await w.table()
      // Still the message as it was: rendering `before` again would take the result of a game the
      // second move may have ended.
      expect(editsOf(w, before.messageId!)).toBe(edits)
      expect(textOf(w.publicMessage(latest))).toEqual(shown)
      await advance(w, DEFAULT_PACE.tableEditMs)
      expect(editsOf(w, before.messageId!)).toBe(edits + 1)
      expect(await showsCommitted(w.publicMessage(latest), latest, w.discord.clock.now(), w.bot.tables)).toBe(true)
      return
    }
    expect.fail('no game lasted two moves')
  })
})

describe('a turn ping only when the player to act changes', () => {
  it('a player who acts again (they took the trick and lead) gets no new ping; the one they have stays', async () => {
    const w = await startWorld(['alice', 'bob'])
    await openAndStart(w, 'bura start', { buy_in: 100 }, ['bob'])
    for (let moves = 0; moves < 300; moves++) {
      const t = await untilSomeoneActs(w)
      // Start and Next game answer on the table message first; the turn ping follows it.
      await w.bot.idle()
      const mover = t.waitingFor[0]!
      const ping = w.channel
        .publicMessages()
        .find((m) => m.content.includes(`<@${mover}>`) && /your turn/.test(m.content))
      const from = w.discord.requests.length
      await playTurn(w, mover)
      await w.bot.idle()
      const after = await w.table()
      if (after.progress !== 'acting' || after.gamesPlayed !== t.gamesPlayed || after.waitingFor[0] !== mover) continue
      // Only the table message's edit: no ping posted, none deleted.
      expect(channelWrites(w, from)).toEqual(['PATCH'])
      expect(ping).toBeDefined()
      expect(w.discord.message(ping!.id)).toBeDefined()
      return
    }
    expect.fail('in 300 moves nobody acted twice in a row')
  })
})
