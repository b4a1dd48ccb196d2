import { describe, expect, it } from 'vitest'
import { eachTestWorld, textOf } from './harness.js'

const startWorld = eachTestWorld()

/** A command, subcommand, option or choice as Discord stores it. */
interface CommandNode {
  readonly name: string
  readonly name_localizations?: Readonly<Record<string, string | null>> | null
  readonly description_localizations?: Readonly<Record<string, string | null>> | null
  readonly options?: readonly CommandNode[]
  readonly choices?: readonly CommandNode[]
}

describe('commands in German and English', () => {
  it("answers each member privately in their Discord language, and speaks the server's language in public", async () => {
    const w = await startWorld(['alice', 'bob', 'carol', 'dave'], { admins: ['carol', 'dave'] })
    const [alice, bob, carol, dave] = [w.member('alice'), w.member('bob'), w.member('carol'), w.member('dave')]
    alice.locale = 'de'
    carol.locale = 'de'

    // Private answers follow the member: German for alice, English for bob at the same server.
    const deBalance = await alice.slash(w.channel, 'chips balance')
    expect(deBalance.ephemeral).toBe(true)
    expect(textOf(deBalance)).toContain(`<@${alice.id}> hat **1.000** Chips.`)
    expect(textOf(await bob.slash(w.channel, 'chips balance'))).toContain(`<@${bob.id}> has **1,000** chips.`)

    expect(textOf(await alice.slash(w.channel, 'help'))).toContain('Kartentische — Hilfe')
    expect(textOf(await bob.slash(w.channel, 'help'))).toContain('Card tables — help')

    const deSettings = textOf(await carol.slash(w.channel, 'settings show'))
    expect(deSettings).toContain('Servereinstellungen')
    expect(deSettings).toContain('12 Stunden für neue Tische')
    expect(textOf(await dave.slash(w.channel, 'settings show'))).toContain('12 hours for new tables')
    // A German refusal, and nothing changed.
    expect((await carol.slash(w.channel, 'settings set')).content).toContain('Nenne mindestens eine Einstellung')
    expect((await carol.slash(w.channel, 'settings set', { channels: 'hier' })).content).toContain('oder sag `alle`')
    // "alle" is German for "all": tables may open in any channel.
    expect(textOf(await carol.slash(w.channel, 'settings set', { channels: 'alle' }))).toContain(
      'jeder Kanal des Servers',
    )
    // Too many channels named: refused in each admin's words, and nothing changed.
    const many = Array.from({ length: 26 }, (_, i) => `<#${100_000_000_000_000_000n + BigInt(i)}>`).join(' ')
    expect((await carol.slash(w.channel, 'settings set', { channels: many })).content).toContain(
      'Tische lassen sich auf höchstens 25 Kanäle beschränken; du hast 26 genannt.',
    )
    expect((await dave.slash(w.channel, 'settings set', { channels: many })).content).toContain(
      'Tables can be limited to at most 25 channels; you named 26.',
    )
    expect((await w.bot.store.settings.get(w.guild.id)).tableChannels).toEqual([])

    // A public board at a server whose Discord language is German is German, whoever asks.
    w.guild.preferredLocale = 'de'
    const board = await bob.slash(w.channel, 'leaderboard')
    expect(board.ephemeral).toBe(false)
    expect(board.embeds[0]!.title).toBe('Die Reichsten — Chips im Besitz')
    // ... while bob's private board and his private answers stay English.
    const mine = await bob.slash(w.channel, 'leaderboard', { private: true })
    expect(mine.ephemeral).toBe(true)
    expect(mine.embeds[0]!.title).toBe('Richest — chips held')
    expect((await bob.slash(w.channel, 'table status')).content).toContain('There is no table in this channel.')

    // `/settings set language` overrides the server's Discord language for public messages.
    expect(textOf(await carol.slash(w.channel, 'settings set', { language: 'en' }))).toContain(
      'Englisch in öffentlichen Nachrichten',
    )
    expect((await alice.slash(w.channel, 'leaderboard')).embeds[0]!.title).toBe('Richest — chips held')
    await dave.slash(w.channel, 'settings set', { language: 'de' })
    expect((await bob.slash(w.channel, 'leaderboard', { game: 'bura' })).embeds[0]!.description).toContain(
      'Nach den an Bura-Tischen netto gewonnenen Chips',
    )
  })

  it("opens a table and refuses a wrong deadline in the German member's words", async () => {
    const w = await startWorld(['alice', 'bob'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    alice.locale = 'de'
    expect((await alice.slash(w.channel, 'bura start', { deadline: 'bald' })).content).toBe(
      '🙅 „bald“ ist keine Dauer, die ich verstehe: versuch `30s`, `10m`, `2h` oder `1d`.',
    )
    expect((await alice.slash(w.channel, 'bura start', { deadline: '3d' })).content).toContain(
      'Die Zugzeit muss zwischen 30 Sekunden und 48 Stunden liegen.',
    )
    expect((await alice.slash(w.channel, 'bura start', { buy_in: 100 })).content).toMatch(
      /^Dein Bura-Tisch ist eröffnet\. Mitspieler drücken \*\*Mitspielen\*\*/,
    )
    expect((await bob.slash(w.channel, 'bura start')).content).toContain('This channel already has a')
    expect((await alice.slash(w.channel, 'table end')).content).toBe(
      'Der Tisch ist geschlossen; alle Chips darauf gingen an ihre Spieler zurück.',
    )
  })

  it("points to a German server's table thread in German, and tells an English host in English", async () => {
    const w = await startWorld(['alice', 'carol'], { admins: ['carol'] })
    w.guild.preferredLocale = 'de'
    await w.member('carol').slash(w.channel, 'settings set', { threads: 'on' })
    const answer = await w.member('alice').slash(w.channel, 'bura start', { buy_in: 100 })
    const [thread] = w.channel.threads()
    expect(answer.content).toContain(`Your Bura table is open in its thread, <#${thread!.id}>.`)
    expect(w.channel.publicMessages()[0]!.content).toBe(
      '🃏 alice hat einen **Bura**-Tisch eröffnet: mach im Thread mit.',
    )
  })

  it('registers every command, subcommand, option and choice with German texts within Discord’s limits', async () => {
    const w = await startWorld(['alice'])
    // What the fake Discord stored when the bot registered its commands, as Discord lists them.
    const registered = w.discord.commands(w.guild).length ? w.discord.commands(w.guild) : w.discord.commands()
    expect(registered.map((c) => c.name)).toContain('bura')
    let checked = 0
    const check = (n: CommandNode, path: string, choice: boolean): void => {
      const at = `${path} ${n.name}`.trim()
      const name = n.name_localizations?.de ?? ''
      const description = n.description_localizations?.de ?? ''
      if (choice) expect(name.length, `${at}: German name`).toSatisfy((l: number) => l >= 1 && l <= 100)
      else {
        expect(name, `${at}: German name`).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u)
        expect(name, at).toBe(name.toLowerCase())
        expect(description.length, `${at}: German description`).toSatisfy((l: number) => l >= 1 && l <= 100)
      }
      checked++
      for (const c of n.choices ?? []) check(c, at, true)
      for (const o of n.options ?? []) check(o, at, false)
    }
    for (const c of registered as unknown as CommandNode[]) check(c, '', false)
    expect(checked).toBeGreaterThan(100)
  })
})
