import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { Rng, seedRng } from '../../src/core/rng.js'
import { TableService } from '../../src/tables/index.js'
import { tempStore } from '../store/temp-db.js'
import { playGame } from './play.js'
import { engineFor, engineIds, gameLookup } from '../../src/games/registry.js'

const USERS = ['u0', 'u1', 'u2', 'u3', 'u4']
const CHANNELS = ['c0', 'c1']
/** Every registered game; one VARIANTS does not name is played with its default options. */
const GAMES = engineIds()

/** Table options by game: the defaults and the rule sets the sources name (Kozel, games won, the freeze-out). */
const VARIANTS: Partial<Record<string, Record<string, unknown>[]>> = {
  bura: [{}, { kozel: true }, { scoring: 'games', gamesTarget: 11 }],
  badugi: [{}, { format: 'freezeout' }, { format: 'freezeout', limit: 'no' }],
  bugami: [{ target: 1 }],
}
function variantOf(game: string, n: number): Record<string, unknown> {
  const variants = VARIANTS[game] ?? [{}]
  return variants[n % variants.length]!
}

/** Chip games with a table between games take an agreed end; a points match ends at its target. */
function hasAgreedEnd(game: string): boolean {
  const engine = engineFor(game)!
  return engine.usesChips && engine.table.betweenGames
}

/** A table setting: no agreed end, or one a few hours away (the daily claims move the clock on). */
const ends = fc.constantFrom(undefined, 2 * 3_600_000, 9 * 3_600_000)

const user = fc.constantFrom(...USERS)
const channel = fc.constantFrom(...CHANNELS)
const op = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('play' as const), channel, seed: fc.integer({ min: 0, max: 1000 }) }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('next' as const), channel }), weight: 3 },
  fc.record({
    kind: fc.constant('create' as const),
    channel,
    game: fc.constantFrom(...GAMES),
    user,
    buyIn: fc.integer({ min: 1, max: 1200 }),
    variant: fc.nat(2),
    ends,
  }),
  fc.record({ kind: fc.constant('join' as const), channel, user, buyIn: fc.integer({ min: 1, max: 1200 }) }),
  // Any amount, also none or a negative one: sitting down (again) with it, refused or not.
  fc.record({ kind: fc.constant('sitWith' as const), channel, user, amount: fc.integer({ min: -5, max: 900 }) }),
  fc.record({ kind: fc.constant('leave' as const), channel, user }),
  fc.record({ kind: fc.constant('start' as const), channel }),
  fc.record({ kind: fc.constant('end' as const), channel }),
  fc.record({ kind: fc.constant('daily' as const), user, hours: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('grant' as const), user, amount: fc.integer({ min: -10, max: 5000 }) }),
)
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

/** Every run opens with a table that has players, so games really get played. */
const opening = fc
  .record({
    game: fc.constantFrom(...GAMES),
    players: fc.integer({ min: 3, max: 4 }),
    buyIns: fc.array(fc.integer({ min: 20, max: 400 }), { minLength: 4, maxLength: 4 }),
    variant: fc.nat(2),
    ends,
  })
  .map(({ game, players, buyIns, variant, ends }): Op[] => [
    { kind: 'create', channel: 'c0', game, user: USERS[0]!, buyIn: buyIns[0]!, variant, ends },
    ...USERS.slice(1, players).map((u, i): Op => ({ kind: 'join', channel: 'c0', user: u, buyIn: buyIns[i + 1]! })),
    { kind: 'start', channel: 'c0' },
    { kind: 'play', channel: 'c0', seed: buyIns[0]! },
  ])

let gamesPlayed = 0

/**
 * Whatever players and admins do, in any order (including refused requests), no chip is
 * created or lost: after every step the audit balances, account by account.
 */
describe('chip economy property', () => {
  test('random joins, buy-ins, whole games, cash-outs, daily claims and grants keep the audit balanced', async () => {
    await fc.assert(
      fc.asyncProperty(
        opening,
        fc.array(op, { minLength: 4, maxLength: 16 }),
        fc.integer({ min: 1, max: 1e6 }),
        async (start, rest, seed) => {
          const ops = [...start, ...rest]
          const t = await tempStore()
          try {
            const seeds = new Rng(seedRng(seed))
            const tables = new TableService({ games: gameLookup, store: t.store, seeds: () => seeds.int(2 ** 31 - 1) })
            for (const o of ops) {
              await step(tables, t, o)
              const report = await t.store.audit()
              expect(report.problems, `after ${JSON.stringify(o)}`).toEqual([])
            }
            gamesPlayed +=
              (await t.store.prisma.gameTable.aggregate({ _sum: { gamesPlayed: true } }))._sum.gamesPlayed ?? 0
          } finally {
            await t.cleanup()
          }
        },
      ),
      { numRuns: 10, seed: 20261129 },
    )
    // The runs did play games (a property over empty tables would prove little).
    expect(gamesPlayed).toBeGreaterThanOrEqual(16)
  }, 300_000)
})

async function step(tables: TableService, t: Awaited<ReturnType<typeof tempStore>>, o: Op): Promise<void> {
  const at = async (channelId: string) => (await tables.inChannel('g', channelId))?.id
  switch (o.kind) {
    case 'create':
      await tables.create({
        guildId: 'g',
        channelId: o.channel,
        game: o.game,
        creatorId: o.user,
        buyIn: o.buyIn,
        options: variantOf(o.game, o.variant),
        ...(o.ends !== undefined && hasAgreedEnd(o.game) ? { endsInMs: o.ends } : {}),
      })
      return
    case 'join': {
      const id = await at(o.channel)
      // A freeze-out takes only its own buy-in (another amount is refused: test/tables/match.test.ts).
      const freezeout = id && (await tables.get(id))?.options.format === 'freezeout'
      if (id) await tables.join(id, o.user, freezeout ? {} : { buyIn: o.buyIn })
      return
    }
    case 'sitWith': {
      const id = await at(o.channel)
      if (id) await tables.join(id, o.user, { buyIn: o.amount })
      return
    }
    case 'leave': {
      const id = await at(o.channel)
      if (id) await tables.leave(id, o.user)
      return
    }
    case 'start': {
      const id = await at(o.channel)
      if (id) await tables.start(id)
      return
    }
    case 'play': {
      const id = await at(o.channel)
      if (id && (await tables.get(id))?.status === 'lobby') await tables.start(id)
      if (!id) return
      // A game to its end, then (chip tables) the next one too.
      await playGame(tables, id, o.seed)
      if ((await tables.nextDeal(id)).ok) await playGame(tables, id, o.seed + 1)
      return
    }
    case 'next': {
      const id = await at(o.channel)
      if (id) await tables.nextDeal(id)
      return
    }
    case 'end': {
      const id = await at(o.channel)
      if (id) await tables.end(id)
      return
    }
    case 'daily':
      await t.clock.advance(o.hours * 3_600_000)
      await tables.claimDaily('g', o.user)
      return
    case 'grant':
      await tables.grant('g', o.user, o.amount, 'admin')
      return
  }
}
