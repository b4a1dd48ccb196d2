import { describe, expect, it } from 'vitest'
import { buttonLabels, eachTestWorld, textOf } from './harness.js'

/**
 * Private answers follow the member's Discord language: a German member reads the rules pages and
 * refusals in German, an English member at a German server reads them in English.
 */

const startWorld = eachTestWorld()

describe('rules pages and refusals in the member language', () => {
  it('a German member reads the rules and is refused in German; an English member in English', async () => {
    const w = await startWorld(['alice', 'bob', 'carol', 'dora', 'erin'])
    const dora = w.member('dora')
    const erin = w.member('erin')
    dora.locale = 'de'

    // /rules and its page buttons: German pages for Dora, English for Erin.
    const rules = await dora.slash(w.channel, 'rules', { game: 'bura' })
    expect(rules.ephemeral).toBe(true)
    expect(rules.embeds[0]!.title).toMatch(/^Bura — Regeln \(1\/\d\)$/)
    expect(textOf(rules)).toContain('Karten und Augen')
    const page2 = await dora.click(rules, 'Weiter ▶')
    expect(page2.embeds[0]!.title).toMatch(/^Bura — Regeln \(2\/\d\)$/)
    expect(buttonLabels(page2)).toContain('◀ Zurück')
    expect((await erin.slash(w.channel, 'rules', { game: 'bura' })).embeds[0]!.title).toMatch(/^Bura — rules/)

    // A Leave click by members who do not sit at the table: the table service refuses, in each one's language.
    await w.member('alice').slash(w.channel, 'bugami start', { target: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    for (const n of ['bob', 'carol']) await w.member(n).click(lobby, 'Join')
    await w.member('alice').click(lobby, 'Start')
    const running = await w.channel.waitFor((m) => m.id === lobby.id && buttonLabels(m).includes('Leave'))
    // The table's Rules button answers privately too, in German for Dora.
    const tableRules = await dora.click(running, 'Rules')
    expect(tableRules.ephemeral).toBe(true)
    expect(tableRules.embeds[0]!.title).toBe('Bugami — Regeln')
    expect(textOf(tableRules)).toContain('⌊10 × Stiche ÷ böse Karten⌋')
    const doraLeaves = await dora.click(running, 'Leave')
    expect(doraLeaves.ephemeral).toBe(true)
    expect(textOf(doraLeaves)).toContain('Du sitzt nicht an diesem Tisch.')
    expect(textOf(await erin.click(running, 'Leave'))).toContain('You are not sitting at this table.')

    // A slash command refused: a second table in the channel, with the game named.
    expect(textOf(await dora.slash(w.channel, 'bura start'))).toContain(
      'In diesem Kanal gibt es schon einen Bugami-Tisch. Spiel ihn zu Ende oder beende ihn zuerst.',
    )

    // The server turns German: Erin's private answers stay English, Dora's German, durations too.
    w.guild.preferredLocale = 'de'
    await dora.slash(w.channel, 'chips daily')
    expect(textOf(await dora.slash(w.channel, 'chips daily'))).toContain(
      'Du hast deine täglichen Chips schon abgeholt. Komm in 20 Stunden wieder.',
    )
    await erin.slash(w.channel, 'chips daily')
    expect(textOf(await erin.slash(w.channel, 'chips daily'))).toContain(
      'You already claimed your daily chips. Come back in 20 hours.',
    )
  })
})
