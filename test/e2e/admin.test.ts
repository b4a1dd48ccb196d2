import { PermissionFlagsBits } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, textOf } from './harness.js'

const startWorld = eachTestWorld()
const MANAGE_SERVER = String(PermissionFlagsBits.ManageGuild)

describe('admin commands', () => {
  it('are registered for Manage Server only, so members never see them; member commands stay open', async () => {
    const w = await startWorld(['alice', 'carol'], { admins: ['carol'] })
    const registered = w.discord.commands(w.guild).length ? w.discord.commands(w.guild) : w.discord.commands()
    const perms = new Map(registered.map((c) => [c.name, c.default_member_permissions ?? null]))
    expect(perms.get('chips-admin')).toBe(MANAGE_SERVER)
    expect(perms.get('settings')).toBe(MANAGE_SERVER)
    for (const open of ['chips', 'stats', 'leaderboard', 'table', 'hand', 'help', 'bura'])
      expect(perms.get(open), `/${open}`).toBeNull()
    const chips = registered.find((c) => c.name === 'chips')!
    expect((chips.options ?? []).map((o) => o.name)).toEqual(['balance', 'daily'])

    // A member cannot even run them (the fake refuses as Discord's client does); an admin can.
    const alice = w.member('alice')
    await expect(alice.slash(w.channel, 'chips-admin grant', { member: alice, amount: 5 })).rejects.toThrow(
      /default_member_permissions/,
    )
    await expect(alice.slash(w.channel, 'settings show')).rejects.toThrow(/default_member_permissions/)
    const granted = await w.member('carol').slash(w.channel, 'chips-admin grant', { member: alice, amount: 500 })
    expect(granted.ephemeral).toBe(true)
    expect(textOf(granted)).toContain('**1,500** chips')
  })

  it('restrict tables to chosen channels: elsewhere a table is refused privately, naming them', async () => {
    const w = await startWorld(['alice', 'carol'], { admins: ['carol'] })
    const [alice, carol] = [w.member('alice'), w.member('carol')]
    const poker = w.guild.channel('poker')

    expect((await carol.slash(w.channel, 'settings set', { channels: 'somewhere' })).content).toMatch(/mentioning them/)
    const set = await carol.slash(w.channel, 'settings set', { channels: `<#${poker.id}>` })
    expect(textOf(set)).toContain(`<#${poker.id}>`)

    const refused = await alice.slash(w.channel, 'badugi start')
    expect(refused.ephemeral).toBe(true)
    expect(refused.content).toContain(`tables open only in <#${poker.id}>`)
    expect(await w.bot.tables.inChannel(w.guild.id, w.channel.id)).toBeNull()
    expect(w.channel.publicMessages()).toEqual([])

    await alice.slash(poker, 'badugi start')
    await poker.waitFor((m) => buttonLabels(m).includes('Join'))
    expect(await w.bot.tables.inChannel(w.guild.id, poker.id)).not.toBeNull()
    await alice.slash(poker, 'table end')

    // "all" lifts the restriction.
    expect(textOf(await carol.slash(w.channel, 'settings set', { channels: 'all' }))).toContain('any channel')
    await alice.slash(w.channel, 'bura start')
    await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
  })
})
