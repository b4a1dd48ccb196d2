import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decideBura } from '../../src/games/bura/ai.js'
import { bugamiEngine as bugami } from '../../src/games/bugami/rules/index.js'
import { buraEngine } from '../../src/games/bura/rules/index.js'
import { fullDeck } from '../../src/games/bura/rules/cards.js'
import { makeDeck, RANKS, type Card } from '../../src/core/cards.js'
import { Rng, seedRng } from '../../src/core/rng.js'
import { aiFor, gameModule } from '../../src/games/registry.js'
import { ENGLISH, langOf } from '../../src/i18n/index.js'
import type { AnySeatHistory } from '../../src/ai/index.js'
import { playTable } from './twins.js'

const SRC = join(import.meta.dirname, '../../src')

/** Every file that decides or explains a seat's move: the shared AI, and each game's AI, expert and hint. */
const DECIDING = [
  ...readdirSync(join(SRC, 'ai')).map((f) => join(SRC, 'ai', f)),
  ...readdirSync(join(SRC, 'games'))
    .flatMap((g) => ['ai.ts', 'expert.ts', 'hint.ts'].map((f) => join(SRC, 'games', g, f)))
    .filter((f) => existsSync(f)),
]

/** What the expert and the hints (English and German) make of a history: all must match between twins. */
function advice(game: string, history: AnySeatHistory) {
  const module = gameModule(game)!
  const opts = { level: 'normal', seed: 5 } as const
  return {
    expert: module.expert!(history, opts),
    hint: module.hint!(history, opts, ENGLISH),
    hintDe: module.hint!(history, opts, langOf('de')),
  }
}

describe('the AI never sees an engine state', () => {
  it('imports no state type and no engine internals that hold one', () => {
    expect(DECIDING.filter((f) => /games\/\w+\/(expert|hint)\.ts$/.test(f))).toHaveLength(6)
    for (const path of DECIDING) {
      const file = path.slice(SRC.length + 1)
      const text = readFileSync(path, 'utf8')
      const imports = [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)]
      for (const [, names, from] of imports) {
        expect(
          names!
            .split(',')
            .map((n) => n.trim())
            .filter((n) => /State\b/.test(n)),
          `${file} from ${from}`,
        ).toEqual([])
        expect(from, file).not.toMatch(/games\/(?!core\/)\w+\/(types|state|game|engine|auto|legal|view)\.js$/)
        // The same internals as a game's own files name them (`./rules/legal.js`).
        expect(from, file).not.toMatch(/(^|\/)rules\/(types|state|states|game|engine|auto|legal|view)\.js$/)
      }
    }
  })

  it('takes only a seat history: an engine state does not type-check as its input', () => {
    const setup = buraEngine.setup({ players: 2, dealer: 0, options: buraEngine.optionsSchema.parse({}), seed: 1 })
    const state = setup.ok ? setup.value.state : null
    const opts = { level: 'normal', seed: 1 } as const
    // @ts-expect-error the AI accepts a seat's history, never a state
    expect(() => decideBura(state, opts)).toThrow()
  })
})

describe('two states that show the seat the same history get the same decision', () => {
  it('Bugami: two other seats hold different unplayed cards', () => {
    const options = bugami.optionsSchema.parse({})
    const deckA = new Rng(seedRng(11)).shuffle(makeDeck(RANKS, 0))
    const setupA = { players: 4, dealer: 3, options, seed: 5, decks: [deckA] }
    const a = playTable(bugami, setupA, 0, 4 + 4 * 5)
    // Dealt one at a time from the dealer's left: seat s holds deck positions i*4 + s (dealer 3).
    const played = new Set(
      a.moves.flatMap((m) => ((m.action as { card?: Card }).card ? [(m.action as { card: Card }).card] : [])),
    )
    const unplayed = (seat: number) =>
      deckA.map((c, i) => ({ c, i })).filter((x) => x.i % 4 === seat && !played.has(x.c))
    const swap = unplayed(1).flatMap((x) =>
      unplayed(2)
        .filter((y) => y.c[1] === x.c[1])
        .map((y) => [x, y] as const),
    )[0]!
    const deckB = deckA.slice()
    deckB[swap[0].i] = swap[1].c
    deckB[swap[1].i] = swap[0].c
    const b = playTable(bugami, { ...setupA, decks: [deckB] }, 0, a.moves.length, a.moves)
    expect(bugami.hiddenFrom(a.state as never, 0)).not.toEqual(bugami.hiddenFrom(b.state as never, 0))
    expect(b.turns.length).toBe(a.turns.length)
    expect(a.turns.length).toBeGreaterThanOrEqual(5)
    for (let t = 0; t < a.turns.length; t++) {
      expect(b.turns[t]!.history).toEqual(a.turns[t]!.history)
      expect(b.turns[t]!.decision).toEqual(a.turns[t]!.decision)
      expect(advice('bugami', b.turns[t]!.history)).toEqual(advice('bugami', a.turns[t]!.history))
    }
  })

  it('Bura: the opponent holds a card that the other state leaves at the bottom of the pile', () => {
    const options = buraEngine.optionsSchema.parse({})
    const deckA = new Rng(seedRng(3)).shuffle(fullDeck(false))
    const setupA = { players: 2, dealer: 0, options, seed: 9, decks: [deckA], stacks: [100, 100] }
    const a = playTable(buraEngine, setupA, 1, 4)
    const played = new Set(a.moves.flatMap((m) => (m.action as { cards?: Card[] }).cards ?? []))
    // Seat 0 (the dealer) gets deck positions 1, 3, 5; position 35 is drawn last of the pile.
    const x = [1, 3, 5].find((i) => !played.has(deckA[i]!))
    if (x === undefined) throw new Error('pick a seed where the opponent keeps a dealt card')
    const deckB = deckA.slice()
    deckB[x] = deckA[35]!
    deckB[35] = deckA[x]!
    const b = playTable(buraEngine, { ...setupA, decks: [deckB] }, 1, a.moves.length, a.moves)
    expect(buraEngine.hiddenFrom(a.state as never, 1)).not.toEqual(buraEngine.hiddenFrom(b.state as never, 1))
    expect(a.turns.length).toBeGreaterThanOrEqual(2)
    for (let t = 0; t < a.turns.length; t++) {
      expect(b.turns[t]!.history).toEqual(a.turns[t]!.history)
      expect(b.turns[t]!.decision).toEqual(a.turns[t]!.decision)
      expect(advice('bura', b.turns[t]!.history)).toEqual(advice('bura', a.turns[t]!.history))
    }
  })
})

describe('decisions are reproducible under a seed', () => {
  it('the same history, level and seed give the same move', () => {
    const options = bugami.optionsSchema.parse({})
    const run = playTable(bugami, { players: 4, dealer: 0, options, seed: 21 }, 2, 30)
    const decide = aiFor('bugami')!
    for (const turn of run.turns)
      for (const level of ['easy', 'normal', 'strong'] as const)
        expect(decide(turn.history, { level, seed: 77 })).toEqual(decide(turn.history, { level, seed: 77 }))
  })

  it('the expert and the hint are the same for the same history, and the hint suggests the AI move', () => {
    for (const [game, engine, players] of [
      ['bugami', bugami, 4],
      ['bura', buraEngine, 2],
    ] as const) {
      const options = engine.optionsSchema.parse({})
      const run = playTable(engine, { players, dealer: 0, options, seed: 23, stacks: [100, 100] }, 1, 24)
      expect(run.turns.length).toBeGreaterThanOrEqual(3)
      for (const turn of run.turns) {
        const once = advice(game, turn.history)
        expect(advice(game, structuredClone(turn.history))).toEqual(once)
        expect(once.hint!.action).toEqual(aiFor(game)!(turn.history, { level: 'normal', seed: 5 }))
        expect(once.hint!.text).toMatch(/\.$/)
      }
    }
  })
})
