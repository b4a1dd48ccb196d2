import { describe, expect, test } from 'vitest'
import { moveToken } from '../../src/core/move-context.js'
import { engineFor, ENGINES } from '../../src/games/registry.js'
import { rebuildState, type TableSnapshot } from '../../src/tables/index.js'
import { tableServicePerTest } from './play.js'
import { refusalText } from '../../src/render/refusals.js'
import { ENGLISH } from '../../src/i18n/index.js'

const fx = tableServicePerTest(11)

async function started(game: 'bura' | 'bugami', users: readonly string[]): Promise<TableSnapshot> {
  const created = await fx.tables.create({
    guildId: 'g',
    channelId: 'c',
    game,
    creatorId: users[0]!,
    ...(game === 'bura' ? { buyIn: 500 } : { options: { target: 1 } }),
  })
  if (!created.ok) throw new Error(refusalText(created.error, ENGLISH))
  const id = created.value.table.id
  for (const u of users.slice(1)) await fx.tables.join(id, u)
  const start = await fx.tables.start(id)
  if (!start.ok) throw new Error(refusalText(start.error, ENGLISH))
  let table = start.value.table
  // A Bura dealt at the start ends the game at once: deal again until someone acts.
  while (table.progress !== 'acting') {
    const next = await fx.tables.nextDeal(id)
    if (!next.ok) throw new Error(refusalText(next.error, ENGLISH))
    table = next.value.table
  }
  return table
}

/** The token a control of `type` on `userId`'s view of `table` carries. */
function tokenFor(table: TableSnapshot, userId: string, type: string): string {
  const seat = table.seats.find((s) => s.userId === userId)!.position!
  return moveToken(engineFor(table.game)!, table.state, table.gamesPlayed, seat, type)
}

describe('moves checked by their context token', () => {
  test('every seat declares 31 at once from the same state: exactly one declaration wins', async () => {
    const table = await started('bura', ['ann', 'ben', 'cat'])
    const users = ['ann', 'ben', 'cat']
    const results = await Promise.all(
      users.map((u) =>
        fx.tables.act(
          table.id,
          u,
          { type: 'declare' },
          { interactionId: `declare-${u}`, expectedToken: tokenFor(table, u, 'declare') },
        ),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('stale')
    const after = (await fx.tables.get(table.id))!
    expect(after.version).toBe(table.version + 1)
    expect(after.progress).toBe('gameOver')
    const log = await fx.t.store.actions.list(table.id)
    expect(rebuildState(ENGINES.bura, log)).toEqual(after.state)
  })

  test('many clicks of the player to act from one view: exactly one move applies', async () => {
    const table = await started('bura', ['ann', 'ben'])
    const engine = ENGINES.bura
    const userId = table.waitingFor[0]!
    const position = table.seats.find((s) => s.userId === userId)!.position!
    const plays = engine.legalActions(table.state, position).filter((a: { type: string }) => a.type === 'play')
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fx.tables.act(table.id, userId, plays[i % plays.length], {
          interactionId: `click-${i}`,
          expectedToken: tokenFor(table, userId, 'play'),
        }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('stale')
    expect((await fx.tables.get(table.id))!.version).toBe(table.version + 1)
  })

  test('simultaneous Bugami bids from views drawn before any of them all apply', async () => {
    const users = ['a', 'b', 'c', 'd', 'e']
    const table = await started('bugami', users)
    const results = await Promise.all(
      users.map((u, i) =>
        fx.tables.act(
          table.id,
          u,
          { type: 'bid', suit: 'SHDCS'[i] },
          { interactionId: `bid-${u}`, expectedToken: tokenFor(table, u, 'bid') },
        ),
      ),
    )
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(users.map(() => 'ok'))
    const after = (await fx.tables.get(table.id))!
    expect(after.version).toBe(table.version + 5)
    expect((after.state as { phase: string }).phase).toBe('playing')
  })

  test('a token of another move, or from before the seat last bid, is refused and changes nothing', async () => {
    const table = await started('bugami', ['a', 'b', 'c'])
    const bidToken = tokenFor(table, 'a', 'bid')
    const first = await fx.tables.act(table.id, 'a', { type: 'bid', suit: 'S' }, { expectedToken: bidToken })
    expect(first.ok).toBe(true)
    // Drawn before a's own bid: a second click of that view is out of date.
    const again = await fx.tables.act(table.id, 'a', { type: 'bid', suit: 'H' }, { expectedToken: bidToken })
    expect(again).toMatchObject({ ok: false, error: { code: 'stale' } })
    const wrongKind = await fx.tables.act(
      table.id,
      'b',
      { type: 'bid', suit: 'H' },
      { expectedToken: tokenFor(table, 'b', 'play') },
    )
    expect(wrongKind).toMatchObject({ ok: false, error: { code: 'stale' } })
    const after = (await fx.tables.get(table.id))!
    expect(after.version).toBe(table.version + 1)
    expect((after.state as { bids: unknown[] }).bids).toEqual(['S', null, null])
  })
})

test('a seated player asking to join is told they are seated, also while a game runs', async () => {
  const table = await started('bugami', ['a', 'b', 'c'])
  expect(await fx.tables.join(table.id, 'b')).toMatchObject({ ok: false, error: { code: 'already-seated' } })
  expect(await fx.tables.join(table.id, 'd')).toMatchObject({ ok: false, error: { code: 'join-running' } })
  expect((await fx.tables.get(table.id))!.version).toBe(table.version)
})
