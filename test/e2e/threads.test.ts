import { describe, expect, it } from 'vitest'
import { MessageFlags } from 'discord-api-types/v10'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import { buttonLabels, eachTestWorld, expectNothingHidden, playUntil, untilSomeoneActs, type World } from './harness.js'

const startWorld = eachTestWorld()

/** Results and final standings the outbox posted for a table (they stay). */
async function keptResults(w: World, tableId: string): Promise<Set<string>> {
  const kept = await w.bot.store.prisma.tableEffect.findMany({
    where: { tableId, kind: { in: ['result', 'final'] }, messageId: { not: null } },
    select: { messageId: true },
  })
  return new Set(kept.map((e) => e.messageId!))
}

const mentions = (m: FakeMessage, t: TableSnapshot) =>
  t.seats.filter((s) => s.position !== null && m.content.includes(`<@${s.userId}>`)).length

describe('tables in threads', () => {
  it('with threads on, a Bura table opens in a thread: the channel keeps a pointer, the thread the table', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    const home = w.channel
    const set = await w.member('carol').slash(home, 'settings set', { threads: 'on' })
    expect(set.content + JSON.stringify(set.embeds)).toContain('each new table opens in its own thread')
    // Ordinary members do not see the setting at all.
    await expect(w.member('bob').slash(home, 'settings set', { threads: 'off' })).rejects.toThrow(
      /default_member_permissions/,
    )

    const answer = await w.member('alice').slash(home, 'bura start', { buy_in: 100 })
    const [thread] = home.threads()
    expect(home.threads()).toHaveLength(1)
    expect(thread!.name).toBe('Bura · alice')
    expect(thread!.parentId).toBe(home.id)
    expect(answer.ephemeral).toBe(true)
    expect(answer.content).toContain(`open in its thread, <#${thread!.id}>`)
    // The channel: one line, with the thread under it (a thread started from a message takes its id).
    const [pointer, ...rest] = home.publicMessages()
    expect(rest).toEqual([])
    expect(pointer!.id).toBe(thread!.id)
    expect(pointer!.content).toBe('🃏 alice opened a **Bura** table: join it in the thread.')
    expect(pointer!.flags & MessageFlags.HasThread).toBe(MessageFlags.HasThread)

    w.playIn(thread!)
    const lobby = await thread!.waitFor((m) => buttonLabels(m).includes('Join'))
    await w.member('bob').click(lobby, 'Join')
    await w.member('alice').click(lobby, 'Start')
    // A restart in the middle: the thread comes back with the server (GUILD_CREATE threads).
    await w.restart()
    const id = (await w.table()).id
    // The turn ping in the thread opens the private view with its Play button.
    const turn = await untilSomeoneActs(w)
    await w.bot.idle()
    const ping = thread!.publicMessages().find((m) => buttonLabels(m).includes('Play'))
    const view = await w.member(w.nameOf(turn.waitingFor[0]!)).click(ping!, 'Play')
    expect(view.ephemeral).toBe(true)
    expect(view.channelId).toBe(thread!.id)
    expect(view.embeds[0]?.title).toMatch(/Your hand/)
    // Pings replaced one another over a game of a few turns (a Bura game can end at its first move: deal again).
    let moves = 0
    for (let game = 0; moves <= 3 && game < 5; game++) {
      if (game > 0) await w.member('alice').click(w.publicMessage(await w.table()), 'Next game')
      await untilSomeoneActs(w)
      moves = await playUntil(w, (t) => t.progress !== 'acting')
    }
    expect(moves).toBeGreaterThan(3)
    await w.bot.idle()
    const table = await w.tableById(id)
    expect(table.channelId).toBe(thread!.id)

    // The thread: the table message, the kept results and one ping, with the result for both players.
    const results = await keptResults(w, id)
    expect(results.size).toBeGreaterThan(0)
    const inThread = thread!.publicMessages()
    expect(inThread).toHaveLength(1 + results.size + 1)
    const pings = inThread.filter((m) => m.id !== table.messageId && !results.has(m.id))
    expect(pings).toHaveLength(1)
    expect(pings[0]!.content).toContain('🏁')
    expect(mentions(pings[0]!, table)).toBe(2)
    expect(buttonLabels(pings[0]!)).toEqual(['Next game'])
    // The channel still holds the pointer alone.
    expect(home.publicMessages().map((m) => m.id)).toEqual([pointer!.id])
    await expectNothingHidden(w, id)
  })

  it('table channels apply to the channel of the thread; a table opened inside a thread stays there', async () => {
    const w = await startWorld(['alice', 'carol'], { admins: ['carol'] })
    const home = w.channel
    const poker = w.guild.channel('poker')
    await w.member('carol').slash(home, 'settings set', { threads: 'on', channels: `<#${poker.id}>` })

    const refused = await w.member('alice').slash(home, 'badugi start')
    expect(refused.content).toContain(`tables open only in <#${poker.id}>`)
    expect(home.threads()).toEqual([])
    expect(home.publicMessages()).toEqual([])

    await w.member('alice').slash(poker, 'badugi start')
    const [thread] = poker.threads()
    expect(thread!.name).toBe('Badugi · alice')
    await thread!.waitFor((m) => buttonLabels(m).includes('Join'))
    // The table ends; a new one started in the thread opens right there, not in a thread of a thread.
    await w.member('alice').slash(thread!, 'table end')
    const again = await w.member('alice').slash(thread!, 'bugami start')
    expect(again.content).toMatch(/^Your Bugami table is open\./)
    expect(poker.threads()).toHaveLength(1)
    w.playIn(thread!)
    expect((await w.table()).game).toBe('bugami')
  })

  it('when Discord refuses the thread, the table opens in the channel and the host is told privately', async () => {
    const w = await startWorld(['alice', 'carol'], { admins: ['carol'] })
    await w.member('carol').slash(w.channel, 'settings set', { threads: 'on' })
    w.channel.refuseThreads()
    const answer = await w.member('alice').slash(w.channel, 'bura start')
    expect(answer.ephemeral).toBe(true)
    expect(answer.content).toContain('open here in the channel, not in a thread')
    expect(answer.content).toContain('Create Public Threads')
    expect(w.channel.threads()).toEqual([])
    const table = await w.table()
    // No pointer to nothing: the channel shows the table message alone.
    expect(w.channel.publicMessages().map((m) => m.id)).toEqual([table.messageId])
    expect(w.discord.errors.map((e) => e.code)).toContain(50013)
  })

  it('with threads off (the default) a table opens in the channel and no thread is started', async () => {
    const w = await startWorld(['alice'])
    const answer = await w.member('alice').slash(w.channel, 'bura start')
    expect(answer.content).toMatch(/^Your Bura table is open\./)
    expect(w.channel.threads()).toEqual([])
    const table = await w.table()
    expect(table.channelId).toBe(w.channel.id)
    expect(w.channel.publicMessages().map((m) => m.id)).toEqual([table.messageId])
  })
})
