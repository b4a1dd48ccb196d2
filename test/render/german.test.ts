import { describe, expect, it } from 'vitest'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import { handName, reasonText } from '../../src/games/badugi/words.js'
import { ENGINES } from '../../src/games/registry.js'
import { cardText, chips, durationText, listText } from '../../src/render/format.js'
import { tableImage } from '../../src/messages/pictures.js'
import type { Payload } from '../../src/render/payload.js'
import { describeEvents, describeTableEvents } from '../../src/messages/event-lines.js'
import { optionsText } from '../../src/messages/table-context.js'
import { renderFinalStandings, renderGameResult } from '../../src/messages/results.js'
import { renderHandView } from '../../src/messages/hand-view.js'
import { renderReminder, renderResultPing, renderTurnPing } from '../../src/messages/pings.js'
import { renderTableMessage } from '../../src/messages/table-message.js'
import { strings, tableFor, userId, walk } from './support.js'
import { ENGLISH_WORDS } from '../support/english-words.js'

const DE = langOf('de')
const NOW = 1_800_000_000_000

/** What a member reads: the text, and the labels of the controls (not their custom ids). */
function text(p: Payload): string {
  const controls = (p.components ?? []).flatMap((r) =>
    r.components.map((c) => ({
      label: 'label' in c ? c.label : undefined,
      placeholder: 'placeholder' in c ? c.placeholder : undefined,
      options: 'options' in c ? c.options.map((o) => [o.label, o.description]) : undefined,
    })),
  )
  return strings({ content: p.content, embeds: p.embeds, controls }).join('\n')
}

describe('German words and numbers', () => {
  it('chips, lists and durations follow German conventions', () => {
    expect(chips(1, DE)).toBe('1 Chip')
    expect(chips(12_345, DE)).toBe('12.345 Chips')
    expect(listText(['Anna', 'Ben', 'Cem'], 'and', DE)).toBe('Anna, Ben und Cem')
    expect(durationText(30_000, DE)).toBe('30 Sek.')
    expect(durationText(9_000_000, DE)).toBe('2,5 Std.')
    expect(durationText(172_800_000, DE)).toBe('2 Tage')
    const table = tableFor(ENGINES.bura, null, 2, 0, { status: 'lobby', progress: null })
    expect(optionsText(DE, table)).toBe('Einsatz 10 · im Kopf zählen · Zugzeit 12 Std. · Pause 2 Min.')
    expect(optionsText(DE, { ...table, options: { ...table.options, ante: 2500 } })).toMatch(/^Einsatz 2\.500 · /)
  })

  it('cards show the German rank letters: D for the queen, B for the jack', () => {
    expect(['QS', 'JH', 'KD', 'AC', 'TH', 'X1'].map((c) => cardText(c as never, DE))).toEqual([
      'D♠',
      'B♥',
      'K♦',
      'A♣',
      '10♥',
      'Joker 1',
    ])
    expect(['QS', 'JH'].map((c) => cardText(c as never, ENGLISH))).toEqual(['Q♠', 'J♥'])
  })

  it('Badugi hands are named in German with the German letters', () => {
    expect(handName('K-Q-J-4 badugi', DE)).toBe('Badugi K-D-B-4')
    expect(handName('3-card Q-10-2', DE)).toBe('Dreier-Hand D-10-2')
    expect(handName('K-Q-J-4 badugi', ENGLISH)).toBe('K-Q-J-4 badugi')
  })

  it('Badugi pots are named in German, side pots too', () => {
    expect(['pot', 'main pot', 'side pot 1', 'side pot 2'].map((r) => reasonText(r, DE))).toEqual([
      'Pot',
      'Hauptpot',
      'Nebenpot 1',
      'Nebenpot 2',
    ])
    const badugi = ENGINES.badugi
    const table = tableFor(badugi, null, 3, 0)
    const wins = (reason: string) => ({ type: 'chips', from: 'pot', to: { seat: 1 }, amount: 1500, reason })
    expect(describeEvents(DE, table, [wins('main pot'), wins('side pot 1')])).toEqual([
      `<@${userId(1)}> gewinnt 1.500 Chips (Hauptpot).`,
      `<@${userId(1)}> gewinnt 1.500 Chips (Nebenpot 1).`,
    ])
    expect(describeEvents(ENGLISH, table, [wins('side pot 1')])).toEqual([
      `<@${userId(1)}> wins 1,500 chips (side pot 1).`,
    ])
  })
})

describe('amounts of four digits and more', () => {
  /** A four-digit number left unformatted, outside mentions and Discord timestamps (`<t:…:R>`). */
  const RAW = /\d{4}/
  const words = (text: string) => text.replace(/<[@#t][^>]*>/g, '')

  it('are written the German way at a Badugi table and in its private view', () => {
    const badugi = ENGINES.badugi
    const options = badugi.optionsSchema.parse({ limit: 'no', smallBlind: 5000, bigBlind: 12_500 })
    const setup = badugi.setup({ players: 3, dealer: 0, seed: 3, options, stacks: [100_000, 100_000, 100_000] })
    if (!setup.ok) throw new Error(setup.error.code)
    const table = tableFor(badugi, setup.value.state, 3, 1, { options: options as Record<string, unknown> })
    const pub = text(renderTableMessage(DE, table, NOW))
    expect(pub).toContain('Blinds 5.000/12.500')
    expect(words(pub)).not.toMatch(RAW)
    const toAct = badugi.waitingFor(setup.value.state)[0]!
    const view = text(renderHandView(DE, table, userId(toAct), NOW))
    expect(view).toContain('Mitgehen 12.500')
    expect(view).toContain('12.500 zum Mitgehen')
    expect(words(view)).not.toMatch(RAW)
    expect(text(renderHandView(ENGLISH, table, userId(toAct), NOW))).toContain('Call 12,500')
    expect(describeEvents(DE, table, setup.value.events).join('\n')).toContain('(12.500)')
  })
})

describe('a Bura table in German', () => {
  const bura = ENGINES.bura
  const setup = bura.setup({
    players: 2,
    dealer: 0,
    seed: 7,
    options: bura.optionsSchema.parse({}),
    stacks: [100, 100],
  })
  if (!setup.ok) throw new Error(setup.error.code)
  const table = tableFor(bura, setup.value.state, 2, 1)

  it('shows the table message, the private view and the log in German', () => {
    const pub = renderTableMessage(DE, table, NOW, ['Zeile'])
    const embed = pub.embeds![0]!
    expect(embed.description).toMatch(/^Spiel 1 · Trumpf \*\*[♠♥♦♣] (Pik|Herz|Karo|Kreuz)\*\*/)
    expect(embed.description).toContain('🂠 Geber')
    expect(embed.description).toContain('⏰ Automatischer Zug <t:')
    expect(embed.fields!.map((f) => f.name)).toEqual(['Pott', 'Zuletzt'])
    expect(embed.footer!.text).toBe('Einsatz 10 · im Kopf zählen · Zugzeit 12 Std. · Pause 2 Min.')
    expect(text(pub)).not.toMatch(ENGLISH_WORDS)

    const leader = bura.waitingFor(setup.value.state)[0]!
    const own = renderHandView(DE, table, userId(leader), NOW)
    expect(own.embeds![0]!.title).toBe('Deine Karten — Bura, Spiel 1')
    expect(own.embeds![0]!.description).toContain('**Du spielst aus**: eine Karte, oder zwei oder drei Karten')
    expect(own.embeds![0]!.footer!.text).toMatch(/^Nur du siehst das\./)
    expect(text(own)).not.toMatch(ENGLISH_WORDS)

    const log = describeEvents(DE, table, setup.value.events)
    expect(log.join('\n')).toMatch(/^Spiel 1: <@\d+> gibt; Trumpfkarte /)
  })

  it('asks several players at once in the plural', () => {
    const bugami = ENGINES.bugami
    const setup = bugami.setup({ players: 3, dealer: 0, seed: 5, options: bugami.optionsSchema.parse({}) })
    if (!setup.ok) throw new Error(setup.error.code)
    const bidding = tableFor(bugami, setup.value.state, 3, 1)
    const all = [userId(0), userId(1), userId(2)]
    expect(renderTurnPing(DE, bidding, all).content).toMatch(
      /^<@\d+>, <@\d+> und <@\d+>, ihr seid dran bei Bugami: euer Gebot\./,
    )
    expect(renderTurnPing(DE, bidding, [userId(2)]).content).toMatch(/^<@\d+>, du bist dran bei Bugami: dein Gebot\./)
    expect(renderTurnPing(ENGLISH, bidding, all).content).toMatch(
      /^<@\d+>, <@\d+> and <@\d+>, your turn at Bugami: your bid\./,
    )
  })

  it('pings, results and table events in German', () => {
    const ping = renderTurnPing(DE, table, [userId(1)], '300000000000000003')
    expect(ping.content).toMatch(
      /^<@\d+>, du bist dran bei Bura: du spielst aus\. Automatischer Zug <t:\d+:R> — \[zum Tisch\]/,
    )
    expect(renderReminder(DE, table, [userId(1)]).content).toMatch(
      /^⏳ Erinnerung — <@\d+>, du bist dran bei Bura: du spielst aus\. Automatischer Zug <t:\d+:R>\.$/,
    )
    const over = renderResultPing(DE, { ...table, progress: 'gameOver' }, [userId(0), userId(1)], NOW)
    expect(over.content).toMatch(/^🏁 <@\d+> und <@\d+> — Bura: /)
    expect(over.content).toContain('Das nächste Spiel beginnt <t:')
    expect(over.content).toContain('**Nächstes Spiel** startet es sofort.')
    const final = renderFinalStandings(
      DE,
      { ...table, status: 'finished' },
      {
        type: 'final',
        reason: 'freezeout',
        standings: [
          { userId: userId(1), stack: 1500, result: 500 },
          { userId: userId(0), stack: 500, result: -500 },
        ],
        winners: [userId(1)],
      },
    )
    expect(final.content).toBe(
      [
        '🏁 Das Freeze-out bei Bura ist vorbei: der Endstand.',
        `1. <@${userId(1)}> — 1.500 Chips (+500)`,
        `2. <@${userId(0)}> — 500 Chips (−500)`,
        `🏆 <@${userId(1)}> gewinnt.`,
      ].join('\n'),
    )
    expect(
      describeTableEvents(DE, [
        { type: 'joined', userId: userId(0), buyIn: 100 },
        { type: 'left', userId: userId(1), by: null, cashedOut: 40 },
        { type: 'away', userId: userId(0) },
      ]),
    ).toEqual([
      `🪑 <@${userId(0)}> hat sich hingesetzt, Buy-in 100 Chips.`,
      `🚪 <@${userId(1)}> ist aufgestanden, 40 Chips ausgezahlt.`,
      `💤 <@${userId(0)}> hat dreimal nicht gezogen: abwesend, wird automatisch gespielt, bis wieder gezogen wird.`,
    ])
  })

  it('writes the picture’s alt text in German', async () => {
    const image = (await tableImage(DE, table))!
    expect(image.description).toMatch(/^Bura · Spiel 1\. Trumpf [♠♥♦♣] (Pik|Herz|Karo|Kreuz) · Pott 20 Chips/)
    expect(image.description).toContain('Platz 1')
    expect(image.description).not.toMatch(ENGLISH_WORDS)
  })
})

/** Variants that change what the messages say. */
const VARIANTS: Record<string, readonly Record<string, unknown>[]> = {
  bura: [{}, { scoring: 'points', showCounts: true, faceDown: true }, { scoring: 'games', threeAcesWin: true }],
  badugi: [{ limit: 'fixed' }, { limit: 'no' }],
  bugami: [{}, { jokers: 1, shotgunWedding: true }],
}

describe('every game in German', () => {
  for (const engine of Object.values(ENGINES)) {
    it(`${engine.title}: table messages, private views, results and log lines carry no English`, () => {
      for (const [seed, options] of (VARIANTS[engine.id] ?? [{}]).entries()) {
        const players = Math.min(engine.maxPlayers, engine.minPlayers + 1)
        const parsed = engine.optionsSchema.parse(options) as Record<string, unknown>
        walk(engine, players, seed, 200, options, (state, step, events) => {
          const table = tableFor(engine, state, players, step, { options: parsed })
          const payloads = [renderTableMessage(DE, table, NOW), renderGameResult(DE, table)]
          for (let seat = 0; seat < players; seat++) payloads.push(renderHandView(DE, table, userId(seat), NOW))
          for (const p of payloads) if (p) expect(text(p)).not.toMatch(ENGLISH_WORDS)
          for (const line of describeEvents(DE, table, events)) expect(line).not.toMatch(ENGLISH_WORDS)
        })
      }
    })
  }
})
