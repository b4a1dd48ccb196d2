import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, textOf } from './harness.js'

const startWorld = eachTestWorld()

describe('server settings', () => {
  it('Manage Server sees and changes them, and new wallets and tables follow them', async () => {
    const w = await startWorld(['alice', 'bob', 'carol', 'dave'], { admins: ['carol'] })
    const [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map((n) => w.member(n))

    const defaults = await carol!.slash(w.channel, 'settings show')
    expect(defaults.ephemeral).toBe(true)
    expect(textOf(defaults)).toContain('1,000 for a member')
    expect(textOf(defaults)).toContain('12 hours for new tables')

    // Not an admin: Discord does not offer the command (default_member_permissions).
    await expect(bob!.slash(w.channel, 'settings set', { daily_chips: 1 })).rejects.toThrow(
      /default_member_permissions/,
    )
    // An admin who names nothing, or a turn time out of range, is told so.
    expect((await carol!.slash(w.channel, 'settings set')).content).toMatch(/at least one setting/)
    expect((await carol!.slash(w.channel, 'settings set', { turn_time: '3d' })).content).toMatch(
      /between 30 seconds and 48 hours/,
    )
    expect(await w.bot.store.settings.get(w.guild.id)).toMatchObject({ dailyAmount: 100, turnMs: 12 * 3_600_000 })

    const changed = await carol!.slash(w.channel, 'settings set', {
      starting_chips: 5000,
      daily_chips: 250,
      turn_time: '2h',
      stakes: 20,
      buy_in: 300,
    })
    expect(changed.ephemeral).toBe(true)
    expect(changed.embeds[0]!.title).toBe('Server settings changed')
    for (const shown of [
      '5,000 for a member',
      '250 every 20 hours',
      '2 hours for new tables',
      'Badugi big blind 20',
      '300 chips to sit',
    ])
      expect(textOf(changed)).toContain(shown)
    expect(textOf(await carol!.slash(w.channel, 'settings show'))).toContain('250 every 20 hours')

    // The language of public messages: chosen, or back to the server's Discord language.
    expect(textOf(await carol!.slash(w.channel, 'settings set', { language: 'de' }))).toContain(
      'German in public messages',
    )
    expect(await w.bot.store.settings.get(w.guild.id)).toMatchObject({ language: 'de', dailyAmount: 250 })
    expect(textOf(await carol!.slash(w.channel, 'settings set', { language: 'auto' }))).toContain(
      "auto: German when the server's Discord language is German",
    )
    expect(await w.bot.store.settings.get(w.guild.id)).toMatchObject({ language: null })

    // A member's first wallet starts with the new grant; the daily claim pays the new amount.
    expect(textOf(await dave!.slash(w.channel, 'chips balance'))).toContain('**5,000** chips')
    expect(textOf(await dave!.slash(w.channel, 'chips daily'))).toContain('**5,250** chips')

    // A Bura table opened without options takes the server's ante, buy-in and turn time.
    await alice!.slash(w.channel, 'bura start')
    await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    const table = await w.table()
    expect(table).toMatchObject({ turnMs: 2 * 3_600_000, buyIn: 300, options: expect.objectContaining({ ante: 20 }) })
  })
  it('redraws the open tables in the language an admin sets, and only for a setting they are drawn with', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    await w.member('alice').slash(w.channel, 'bura start')
    await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    const lobby = await w.table()
    expect(buttonLabels(w.publicMessage(lobby))).toContain('Join')

    await w.member('carol').slash(w.channel, 'settings set', { language: 'de' })
    await w.bot.idle()
    const german = w.publicMessage(await w.table())
    expect(german.id).toBe(w.publicMessage(lobby).id)
    expect(buttonLabels(german)).toContain('Mitspielen')
    expect(buttonLabels(german)).not.toContain('Join')

    // A setting the message is not drawn with leaves it alone.
    const tableEdits = () =>
      w.discord.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith('/channels/')).length
    const edits = tableEdits()
    await w.member('carol').slash(w.channel, 'settings set', { daily_chips: 50 })
    await w.bot.idle()
    expect(tableEdits()).toBe(edits)
  })
})
