import { langOf, LOCALES, type Lang } from '../../src/i18n/index.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AnyEngine } from '../../src/core/engine.js'
import { ENGINES } from '../../src/games/registry.js'
import { checkMessageBody, type MessageBody } from '../../src/sandbox/discord/limits.js'
import { moveToken } from '../../src/core/move-context.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import { limitViolations } from '../../src/render/limits.js'
import { describeEvents } from '../../src/messages/event-lines.js'
import { renderHandView } from '../../src/messages/hand-view.js'
import { renderTableMessage } from '../../src/messages/table-message.js'
import { actionKey, cardsCarried, leakedCards, offeredActions, strings, tableFor, userId, walk } from './support.js'

/**
 * Property tests over random game states of every registered game: the public message never shows
 * a card hidden from spectators, a seat's view never shows a card hidden from that seat, the
 * controls offer exactly the legal actions, and every payload fits Discord's limits.
 */

const NOW = 1_800_000_000_000

// A number of card points, in either language ("**34** points", "**34** Augen").
const COUNTED = /\d\**\s*(?:points?|pts|Augen)\b/i

function checkState(
  lang: Lang,
  engine: AnyEngine,
  state: unknown,
  players: number,
  step: number,
  options: Record<string, unknown>,
): void {
  const table = tableFor(engine, state, players, step, {
    options: engine.optionsSchema.parse(options) as Record<string, unknown>,
  })
  const pub = renderTableMessage(lang, table, NOW, ['Someone did something.'])
  expect(limitViolations(pub), 'public message limits').toEqual([])
  // A second, independent oracle: the fake Discord's own form-body checks.
  expect(() => checkMessageBody(pub as MessageBody, 0)).not.toThrow()
  expect(leakedCards(pub, engine.hiddenFrom(state, null)), 'public message leaks').toEqual([])
  const acting = engine.progress(state) === 'acting'
  // Bura: counting in your head. Without showCounts no payload of a running game names points.
  const countsHidden =
    engine.id === 'bura' &&
    options.showCounts !== true &&
    (engine.view(state, null) as { phase: string }).phase !== 'over'
  if (countsHidden) expect(strings(pub).join('\n')).not.toMatch(COUNTED)
  for (let seat = 0; seat < players; seat++) {
    const own = renderHandView(lang, table, userId(seat), NOW)
    expect(limitViolations(own), `seat ${seat} view limits`).toEqual([])
    expect(() => checkMessageBody(own as MessageBody, 0)).not.toThrow()
    expect(leakedCards(own, engine.hiddenFrom(state, seat)), `seat ${seat} view leaks`).toEqual([])
    if (countsHidden) expect(strings(own).join('\n')).not.toMatch(COUNTED)
    const legal = acting ? engine.legalActions(state, seat) : []
    // Every control routes by the codec, and moves carry their context token for this seat.
    for (const r of own.components ?? [])
      for (const c of r.components) {
        const id = parseCustomId('custom_id' in c ? c.custom_id : null)
        expect(id, 'custom_id parses').not.toBeNull()
        if (id?.kind === 'move')
          expect(id.token).toBe(moveToken(engine, state, table.gamesPlayed, seat, id.move.action.type))
        else if (id?.kind === 'ask') expect(id.token).toBe(moveToken(engine, state, table.gamesPlayed, seat, id.type))
        else expect(id).toMatchObject({ kind: 'table', tableId: table.id })
      }
    const offered = new Map(offeredActions(own).map((a) => [actionKey(a), a]))
    // Every legal action is offered (for amounts in a range: both ends) ...
    for (const a of legal) expect(offered.has(actionKey(a)), `seat ${seat} misses ${actionKey(a)}`).toBe(true)
    // ... and whatever else is offered (amounts between the ends) the engine accepts.
    const legalKeys = new Set(legal.map(actionKey))
    for (const [key, a] of offered)
      if (!legalKeys.has(key)) expect(engine.apply(state, seat, a).ok, `seat ${seat} offered ${key}`).toBe(true)
  }
}

/** Table options worth exploring per game (variants change views and controls). */
const OPTIONS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  bugami: fc.record({ jokers: fc.constantFrom(0, 1, 2), shotgunWedding: fc.boolean() }),
  bura: fc.record({
    showCounts: fc.boolean(),
    faceDown: fc.boolean(),
    declareOnTurnOnly: fc.boolean(),
    scoring: fc.constantFrom('chips', 'points'),
    deck32: fc.boolean(),
    threeAcesWin: fc.boolean(),
    littleMoscow: fc.boolean(),
  }),
  badugi: fc.record({ limit: fc.constantFrom('fixed', 'pot', 'no') }),
}

for (const engine of Object.values(ENGINES))
  for (const lang of LOCALES.map(langOf)) {
    describe(`${engine.title} payloads (${lang.locale})`, () => {
      it('show no hidden card, offer exactly the legal moves and fit Discord limits', () => {
        fc.assert(
          fc.property(
            fc.integer({ min: engine.minPlayers, max: engine.maxPlayers }),
            fc.nat(1_000_000),
            OPTIONS[engine.id] ?? fc.constant({}),
            (players, seed, options) => {
              walk(engine, players, seed, 150, options, (state, step) =>
                checkState(lang, engine, state, players, step, options),
              )
            },
          ),
          { numRuns: 3 },
        )
      })

      it('word every event without naming a card hidden from the table', () => {
        fc.assert(
          fc.property(
            fc.integer({ min: engine.minPlayers, max: engine.maxPlayers }),
            fc.nat(1_000_000),
            OPTIONS[engine.id] ?? fc.constant({}),
            (players, seed, options) => {
              walk(engine, players, seed, 400, options, (state, step, events) => {
                const table = tableFor(engine, state, players, step)
                const lines = describeEvents(lang, table, events)
                // Events are public by type: a card one carries was shown to the table as it
                // happened (a face-up play), even when a later trick in the same move buries it.
                const shown = cardsCarried(events)
                const hidden = engine.hiddenFrom(state, null).filter((c) => !shown.has(c))
                expect(leakedCards({ content: lines.join('\n') }, hidden)).toEqual([])
                for (const line of lines) expect(line.length).toBeLessThan(400)
              })
            },
          ),
          {
            numRuns: 10,
            // A Bura move that ends two tricks: the first trick's K♠ was played face up, then buried.
            examples: engine.id === 'bura' ? [[5, 429816, { deck32: true, scoring: 'points', showCounts: false }]] : [],
          },
        )
      })
    })
  }
