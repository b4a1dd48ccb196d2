import { describe, expect, it } from 'vitest'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import { limitViolations } from '../../src/render/limits.js'
import { REFUSALS } from '../../src/messages/refusals.js'
import { renderBalance, renderHelp, renderLeaderboard, renderRules } from '../../src/messages/general.js'
import { renderRefusal } from '../../src/render/refusals.js'
import { renderRetiredTableMessage } from '../../src/render/retired-message.js'
import { EPHEMERAL, forUpdate } from '../../src/render/payload.js'
import { GAMES } from '../../src/games/registry.js'
import { ENGLISH, langOf, LOCALES } from '../../src/i18n/index.js'
import { renderSettings } from '../../src/messages/general.js'
import { renderStats } from '../../src/messages/stats.js'

const GAME_IDS = Object.keys(GAMES) as (keyof typeof GAMES)[]
import { strings } from './support.js'

const text = (p: unknown) => strings(p).join('\n')

describe('rules', () => {
  const BOTH = LOCALES.flatMap((l) => GAME_IDS.map((game) => [l, game] as const))

  it.each(BOTH)('summarises in %s %s within Discord limits, every page reachable', (locale, game) => {
    const lang = langOf(locale)
    const first = renderRules(game, lang)
    expect(first.flags).toBe(EPHEMERAL)
    const seen = new Set<number>([0])
    const queue = [first]
    while (queue.length) {
      const p = queue.pop()!
      expect(limitViolations(p)).toEqual([])
      for (const row of p.components ?? [])
        for (const c of row.components) {
          const id = 'custom_id' in c ? parseCustomId(c.custom_id) : null
          expect(id?.kind).toBe('rules')
          if (id?.kind === 'rules' && !seen.has(id.page)) {
            seen.add(id.page)
            queue.push(renderRules(game, lang, id.page))
          }
        }
    }
  })

  it('never cuts a rules section short', () => {
    for (const [locale, game] of BOTH)
      for (const section of GAMES[game].rulesIn(langOf(locale)).sections)
        expect(section.body.length, `${locale} ${section.title}`).toBeLessThanOrEqual(1024)
  })

  it('states the key numbers of docs/rules/', () => {
    expect(text(renderRules('bugami', ENGLISH))).toMatch(/250/)
    expect(text(renderRules('bugami', ENGLISH))).toMatch(/⌊10 × tricks ÷ bugs⌋/)
    expect(text(renderRules('bura', ENGLISH))).toMatch(/A 11 · 10 10 · K 4 · Q 3 · J 2/)
    expect(text(renderRules('bura', ENGLISH))).toMatch(/31 or more/)
    expect(text(renderRules('badugi', ENGLISH))).toMatch(/8♥7♦5♣4♠ beats 9♠4♣3♥2♦/)
  })

  it("reads in German with the German players' terms and the same numbers", () => {
    const de = langOf('de')
    const bura = text(renderRules('bura', de))
    expect(bura).toMatch(/^Bura — Regeln/m)
    expect(bura).toMatch(/A 11 · 10 10 · K 4 · D 3 · B 2/)
    expect(bura).toMatch(/31 oder mehr/)
    expect(bura).toMatch(/\*\*10\*\* Chips/)
    for (const term of ['Stich', 'Trumpf', 'Augen', 'Molodka', 'Geber', 'ansagen']) expect(bura).toContain(term)
    const bugami = text(renderRules('bugami', de))
    expect(bugami).toMatch(/⌊10 × Stiche ÷ böse Karten⌋/)
    expect(bugami).toMatch(/Standard \*\*250\*\*/)
    // The German source's word for the bid to take no trick, and no other.
    expect(bugami).toContain('**Null**')
    expect(bugami).not.toMatch(/Mis[eè]r/i)
    // Commands and options by the names a German member types.
    // Every page: a text that is not on the first one is on another.
    const allPages = (game: string, lang: typeof de) =>
      [0, 1, 2, 3].map((p) => text(renderRules(game, lang, p))).join('\n')
    expect(allPages('bura', de)).toContain('`/einstellungen`')
    expect(allPages('bura', de)).toContain('**augen-zeigen**')
    expect(allPages('bura', de)).toContain('(`ende`: 2h')
    expect(allPages('bura', ENGLISH)).toContain('**show_counts**')
    const badugi = text(renderRules('badugi', de))
    expect(badugi).toMatch(/8♥7♦5♣4♠ schlägt 9♠4♣3♥2♦/)
    expect(badugi).toContain('K♦D♣B♠8♥')
    expect(allPages('badugi', de)).toContain('(`ende`: 2h')
    expect(badugi).toMatch(/Blinds 5\/10/)
    for (const term of ['Big Blind', 'Tausch', 'Dreier-Hand', 'Geber']) expect(badugi).toContain(term)
    // The page buttons speak German too.
    const pages = renderRules('bura', de, 0)
    expect(strings(pages)).toContain('Weiter ▶')
    expect(strings(renderRules('bura', de, 1))).toContain('◀ Zurück')
  })

  it('clamps a page number out of range', () => {
    expect(limitViolations(renderRules('bura', ENGLISH, 42))).toEqual([])
    expect(renderRules('bura', ENGLISH, 42).embeds![0]!.title).not.toContain('43')
  })
})

describe('help, leaderboards, balances, refusals', () => {
  it('help names every command family', () => {
    const p = renderHelp(ENGLISH)
    for (const cmd of [
      '/bugami start',
      '/bura start',
      '/badugi start',
      '/hand',
      '/table status',
      '/chips balance',
      '/leaderboard',
      '/rules',
    ])
      expect(text(p)).toContain(cmd)
    expect(limitViolations(p)).toEqual([])
  })

  it('ranks a leaderboard with medals, never pings, and shows the viewer below the top', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({
      userId: `5000000000000000${10 + i}`,
      value: 10_000 - i * 7,
      games: 12,
      wins: 3,
    }))
    const p = renderLeaderboard(ENGLISH, entries, {
      game: 'bura',
      unit: 'chips',
      viewer: { userId: '999', rank: 31, value: 5 },
    })
    expect(limitViolations(p)).toEqual([])
    expect(p.allowedMentions).toEqual({ parse: [] })
    const t = text(p)
    expect(t).toContain('🥇 <@500000000000000010> — **10,000** chips (12 games, 3 won)')
    expect(t).toContain('**31.** <@999> — **5** chips ← you')
    expect(t).not.toContain('500000000000000039') // only the top 25
    expect(text(renderLeaderboard(ENGLISH, [], { unit: 'points' }))).toContain('Nobody is on this board yet')
  })

  it('shows a balance privately with the daily timer', () => {
    const p = renderBalance(ENGLISH, { userId: '42', balance: 1234, atTables: 200, nextDailyAt: 1_800_000_000_000 })
    expect(p.flags).toBe(EPHEMERAL)
    expect(text(p)).toContain('**1,234** chips')
    expect(text(p)).toContain('<t:1800000000:R>')
  })

  it('refuses kindly and privately, within limits', () => {
    for (const make of Object.values(REFUSALS)) {
      const p = (make as (...a: unknown[]) => ReturnType<typeof renderRefusal>)(ENGLISH, 3, 2)
      expect(p.flags).toBe(EPHEMERAL)
      expect(limitViolations(p)).toEqual([])
    }
    expect(renderRefusal('x'.repeat(5000)).content!.length).toBeLessThanOrEqual(2000)
    expect(REFUSALS.illegal(ENGLISH, 'You must follow suit: play a ♦.').content).toContain(
      'You must follow suit: play a ♦.',
    )
  })

  it('retires an old table message with a pointer and no buttons; forUpdate drops flags', () => {
    const p = renderRetiredTableMessage('https://discord.com/channels/1/2/3')
    expect(p.components).toEqual([])
    expect(p.content).toContain('https://discord.com/channels/1/2/3')
    expect(forUpdate(renderHelp(ENGLISH)).flags).toBeUndefined()
  })
})

describe('in German', () => {
  const de = langOf('de')
  const settings = {
    startingGrant: 1000,
    dailyAmount: 250,
    turnMs: 2 * 3_600_000,
    defaultStakes: 10,
    defaultBuyIn: 1500,
    images: true,
    emojis: false,
    tableChannels: [],
    threads: false,
    language: null,
    maxTables: 3,
  }

  it('helps with the German command names', () => {
    const t = text(renderHelp(de))
    expect(t).toContain('Kartentische — Hilfe')
    expect(t).toContain('`/bura starten`')
    expect(t).toContain('`/regeln badugi`')
    expect(t).toContain('`/chips kontostand`')
    expect(limitViolations(renderHelp(de))).toEqual([])
  })

  it('ranks with German numbers and words', () => {
    const entries = [{ userId: '1', value: 12_345, games: 1, wins: 1, points: 2500 }]
    const t = text(renderLeaderboard(de, entries, { unit: 'netChips', viewer: { userId: '9', rank: 7, value: 5 } }))
    expect(t).toContain('Rangliste — Alle Spiele')
    expect(t).toContain('🥇 <@1> — **12.345** Chips netto (1 Spiel, 1 gewonnen, 2.500 Punkte)')
    expect(t).toContain('**7.** <@9> — **5** Chips netto ← du')
    expect(text(renderLeaderboard(de, [], { unit: 'wins' }))).toContain('Noch niemand steht auf dieser Rangliste.')
  })

  it('shows a balance, the settings and stats in German', () => {
    expect(text(renderBalance(de, { userId: '42', balance: 1234, nextDailyAt: null }))).toBe(
      'Chips\n<@42> hat **1.234** Chips.\nDeine täglichen Chips liegen bereit: `/chips täglich`.',
    )
    const shown = text(renderSettings(de, settings))
    for (const part of [
      'Servereinstellungen',
      '1.000 im ersten Geldbeutel eines Mitglieds',
      '2 Stunden für neue Tische',
      '10 (Ante bei Bura und Big Blind bei Badugi)',
      '1.500 Chips für einen Platz an einem neuen Tisch (Bura oder Badugi)',
      'an: Bilder von Tisch und Blatt',
      'jeder Kanal des Servers',
      'automatisch: Deutsch, wenn',
    ])
      expect(shown).toContain(part)
    const row = { game: 'bugami', played: 4, won: 1, netChips: 0, points: 310, bestPoints: 120 }
    const stats = text(renderStats(de, '42', [row], false))
    expect(stats).toContain('<@42>: 4 Spiele an den Tischen dieses Servers.')
    expect(stats).toContain('4 gespielt · 1 gewonnen · 25 % Siegquote')
    expect(stats).toContain('77,5 Punkte pro Partie im Schnitt')
  })

  it('refuses in German and keeps English English', () => {
    for (const make of Object.values(REFUSALS)) {
      const p = (make as (...a: unknown[]) => ReturnType<typeof renderRefusal>)(de, 3, 2)
      expect(p.flags).toBe(EPHEMERAL)
      expect(limitViolations(p)).toEqual([])
      expect(p.content).not.toBe((make as (...a: unknown[]) => ReturnType<typeof renderRefusal>)(ENGLISH, 3, 2).content)
    }
    expect(REFUSALS.noTable(de).content).toBe(
      '🙅 In diesem Kanal gibt es keinen Tisch.\n' +
        'Eröffne einen mit `/bugami starten`, `/bura starten` oder `/badugi starten`.',
    )
    expect(REFUSALS.noTable(ENGLISH).content).toBe(
      '🙅 There is no table in this channel.\nOpen one with `/bugami start`, `/bura start` or `/badugi start`.',
    )
    expect(REFUSALS.notEnoughChips(de, 1500, 20).content).toContain('Dafür brauchst du 1.500 Chips; du hast 20.')
  })
})
