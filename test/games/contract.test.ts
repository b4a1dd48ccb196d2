import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_STACK, type AnyEngine } from '../../src/core/engine.js'
import { Rng, seedRng } from '../../src/core/rng.js'
import { engineFor, engineIds, ENGINES } from '../../src/games/registry.js'
import { simulate } from '../../src/arena/random-games.js'
// The toy fourth game (test/toy) passes the same contract as the built-in ones.
import '../toy/registry.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

/**
 * The one random-simulation test every engine passes (in the spirit of OpenSpiel's
 * RandomSimTest): invariants hold, states survive a JSON round trip, views never hold a card
 * their viewer may not see, and a refused action leaves the state byte-for-byte unchanged.
 */

function quotedCards(json: string): Set<string> {
  return new Set(json.match(/"(?:[AKQJT2-9][SHDC]|X\d+)"/g) ?? [])
}

/** True when `v` is plain JSON data: what survives JSON.stringify/parse unchanged. */
function isPlainJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v)
  if (Array.isArray(v)) return v.every(isPlainJson)
  if (typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false
  return Object.values(v).every((x) => x !== undefined && isPlainJson(x))
}

/**
 * Option sets every engine is held to the contract with (the defaults, and each rule set the
 * sources name), each with the depth its random walk must reach: the states visited over
 * `DEPTH_TABLES` tables of at most `WALK_STATES` states each. Falling below it means random moves
 * end games early and the walk tests little (a freeze-out ends when one player holds every chip).
 * A game not listed (the toy game) is held to its defaults and `DEFAULT_DEPTH`.
 */
const VARIANTS: Record<string, { options: Record<string, unknown>; depth: number }[]> = {
  bugami: [{ options: {}, depth: 5000 }],
  bura: [
    { options: {}, depth: 4500 },
    { options: { kozel: true }, depth: 5000 },
    { options: { scoring: 'games' }, depth: 5000 },
    { options: { kozel: true, scoring: 'games', gamesTarget: 11, deck32: true }, depth: 5000 },
  ],
  badugi: [
    { options: {}, depth: 5000 },
    { options: { format: 'freezeout' }, depth: 5000 },
    { options: { format: 'freezeout', limit: 'no' }, depth: 800 },
  ],
}
const DEPTH_TABLES = 15
const WALK_STATES = 400
/** Ten states a table: more than a game that ends at its first moves (the toy game's single deal makes 13). */
const DEFAULT_DEPTH = 10 * DEPTH_TABLES

/**
 * Plays one table from `seed` with the engine's random moves, dealing game after game, and
 * shows every state to `visit`; stops after `WALK_STATES` states or when no next game can be
 * dealt. Returns the number of states visited.
 */
function walk(
  engine: AnyEngine,
  given: Record<string, unknown>,
  players: number,
  seed: number,
  visit: (state: unknown) => void = () => {},
): number {
  const rng = new Rng(seedRng(seed))
  const options = engine.optionsSchema.parse(given)
  const setup = engine.setup({
    players,
    dealer: rng.int(players),
    options,
    seed,
    ...(engine.usesChips ? { stacks: Array.from({ length: players }, () => DEFAULT_STACK) } : {}),
  })
  if (!setup.ok) throw new Error(refusalText(setup.error, ENGLISH))
  let state: unknown = setup.value.state
  for (let step = 0; step < WALK_STATES; step++) {
    visit(state)
    if (engine.progress(state) !== 'acting') {
      const next = engine.nextDeal(state)
      if (!next.ok) return step + 1
      state = next.value.state
      continue
    }
    const seat = rng.pick(engine.waitingFor(state))
    const action = engine.randomAction(state, seat, rng)
    expect(action, `seat ${seat} is waited for but has no legal action`).not.toBeNull()
    const out = engine.apply(state, seat, action)
    expect(out.ok, `random action ${JSON.stringify(action)} refused`).toBe(true)
    if (out.ok) state = out.value.state
  }
  return WALK_STATES
}

/** Checks every state of `runs` walks from random player counts and seeds (fast-check). */
function everyState(
  engine: AnyEngine,
  given: Record<string, unknown>,
  runs: number,
  check: (state: unknown, players: number) => void,
): void {
  fc.assert(
    fc.property(fc.integer({ min: engine.minPlayers, max: engine.maxPlayers }), fc.nat(1_000_000), (players, seed) => {
      walk(engine, given, players, seed, (state) => check(state, players))
    }),
    { numRuns: runs },
  )
}

// Every registered engine, the test registry's toy game included (it has no variants: its defaults).
for (const engine of engineIds().map((id) => engineFor(id)!)) {
  for (const { options, depth } of VARIANTS[engine.id] ?? [{ options: {}, depth: DEFAULT_DEPTH }])
    contract(engine, options, depth)
}

function contract(engine: AnyEngine, given: Record<string, unknown>, depth: number): void {
  const playerCounts = Array.from(
    { length: engine.maxPlayers - engine.minPlayers + 1 },
    (_, i) => engine.minPlayers + i,
  )

  describe(`${engine.title} engine contract, options ${JSON.stringify(given)}`, () => {
    it.each(playerCounts)('plays %i-player games with random moves and no invariant broken', (players) => {
      const report = simulate({ engine, players, games: 30, seed: players * 7919, options: given })
      expect(report.violations).toEqual([])
      expect(report.games).toBe(30)
    })

    it(`plays deep: random walks over ${DEPTH_TABLES} tables visit at least ${depth} states`, () => {
      let visited = 0
      for (let table = 0; table < DEPTH_TABLES; table++) {
        const players = playerCounts[table % playerCounts.length]!
        visited += walk(engine, given, players, table * 7919 + 1)
      }
      expect(visited).toBeGreaterThanOrEqual(depth)
    })

    it('keeps states plain JSON and views free of cards their viewer may not see', () => {
      everyState(engine, given, 15, (state, players) => {
        expect(isPlainJson(state)).toBe(true)
        const leaks: string[] = []
        for (const viewer of [null, ...Array.from({ length: players }, (_, i) => i)]) {
          const seen = quotedCards(JSON.stringify(engine.view(state, viewer)))
          for (const hidden of engine.hiddenFrom(state, viewer))
            if (seen.has(`"${hidden}"`)) leaks.push(`${hidden} to ${viewer}`)
        }
        expect(leaks).toEqual([])
      })
    })

    it('refuses an action out of turn and leaves the state unchanged', () => {
      everyState(engine, given, 15, (state, players) => {
        if (engine.progress(state) !== 'acting') return
        const waiting = engine.waitingFor(state)
        const before = JSON.stringify(state)
        for (let seat = 0; seat < players; seat++) {
          if (waiting.includes(seat)) continue
          const own = new Set(engine.legalActions(state, seat).map((a) => JSON.stringify(a)))
          const foreign = engine.legalActions(state, waiting[0]!).find((a) => !own.has(JSON.stringify(a)))
          if (!foreign) continue
          const out = engine.apply(state, seat, foreign)
          expect(out.ok).toBe(false)
          expect(JSON.stringify(state)).toBe(before)
        }
      })
    })

    it('never lets one control apply twice: after a move, the same move is refused or means something new', () => {
      everyState(engine, given, 10, (state) => {
        if (engine.progress(state) !== 'acting') return
        for (const seat of engine.waitingFor(state)) {
          for (const action of engine.legalActions(state, seat)) {
            const once = engine.apply(state, seat, action)
            if (!once.ok) continue
            const after = once.value.state
            const same = engine.moveContext(after, seat, action.type) === engine.moveContext(state, seat, action.type)
            // A second click from the view the first was made on: refused as stale, or by the rules.
            if (same && engine.progress(after) === 'acting')
              expect(engine.apply(after, seat, action).ok, `${JSON.stringify(action)} applies twice`).toBe(false)
          }
        }
      })
    })
  })
}

it('has the built-in games registered', () => {
  expect(Object.keys(ENGINES)).toEqual(expect.arrayContaining(['bugami', 'bura', 'badugi']))
})
