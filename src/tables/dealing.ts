import type { Clock } from '../lib/clock.js'
import { ok, refuse, type Outcome } from '../core/engine.js'
import { peekInt, seedRng } from '../core/rng.js'
import { close } from './closing.js'
import type { MutableSeat, TableDraft } from './draft.js'
import { potShares, refundPot } from './games.js'
import { isFreezeout } from './match.js'
import { readSetup, type TableSetup } from './setup-entry.js'

/** How a table deals its games: the first one, and each next one. Pure: works on the change's draft. */

const START_SALT = 0x5eed

/** The first game: seats in join order, dealer drawn from the seed. */
export function firstGame(d: TableDraft, players: MutableSeat[], seed: number): Outcome<void> {
  const dealer = peekInt(seedRng(seed), START_SALT, players.length)
  const dealt = deal(d, players, dealer, seed, 0, [])
  if (!dealt.ok) return dealt
  d.tableEvents.push({ type: 'started', dealer, seed })
  return ok(undefined)
}

/**
 * The next game at a chip table: the engine's own nextDeal when the same players sit in the
 * same seats; otherwise a fresh deal (seeded by `seeds`) for those seated now (join order),
 * carrying the Bura pot. A leaver's share of a carried pot stays in it, spread over the others'
 * shares. A match table whose match is over closes instead.
 */
export function nextGame(d: TableDraft, clock: Clock, seeds: () => number): Outcome<void> {
  if (d.rec.endsAt !== null && clock.now() >= d.rec.endsAt) return close(d, 'agreedEnd')
  if (isFreezeout(d.engine, d.rec)) {
    // The same seats play on, departed ones included; the engine refuses once the match is over.
    const next = d.nextDeal()
    if (!next.ok) return close(d, 'freezeout')
    d.tableEvents.push({ type: 'nextGame', dealer: null, seed: null })
    return ok(undefined)
  }
  // A player left with no chips stands up (paid out: nothing) unless they rebought in time. Not
  // where a pot carries over (Bura): a player at 0 may still hold a share of it.
  if (d.engine.usesChips && !d.engine.table.carriesPot)
    for (const s of d.seated())
      if (s.stack === 0) {
        s.status = 'left'
        d.tableEvents.push({ type: 'left', userId: s.userId, cashedOut: 0, by: null })
      }
  const players = d.seated()
  const n = d.engine.summary(d.state).seats.length
  const same =
    players.length === n &&
    players.every((s) => s.position !== null && s.position < n) &&
    new Set(players.map((s) => s.position)).size === n &&
    // A buy-in between games changed a stack the engine does not know: deal afresh.
    stacksAsEngine(d, players)
  const before = d.log.length
  if (same) {
    const next = d.nextDeal()
    if (!next.ok) return { ok: false, error: next.error }
  } else {
    if (players.length < d.engine.minPlayers)
      return refuse('too-few-players', { game: d.engine.title, min: d.engine.minPlayers, count: players.length })
    // The next dealer: the one the game names, or the next one still seated after them.
    const start = d.engine.nextDealer(d.state)
    let dealerUser: string | undefined
    for (let i = 0; i < n && !dealerUser; i++) {
      const s = d.atPosition((start + i) % n)
      if (s && s.status === 'seated') dealerUser = s.userId
    }
    const dealer = Math.max(
      0,
      players.findIndex((s) => s.userId === dealerUser),
    )
    let pot = 0
    let shares: number[] = []
    if (d.engine.table.carriesPot && d.pot > 0) {
      pot = d.pot
      const old = d.potShares.length === n ? d.potShares : potShares(d.engine, d.state, d.pot, n)
      const own = players.map((s) => (s.position !== null && s.position < n ? (old[s.position] ?? 0) : 0))
      const forfeited = pot - own.reduce((a, b) => a + b, 0)
      const spread = refundPot(forfeited, own)
      shares = own.map((v, i) => v + spread[i]!)
    }
    const seed = seeds()
    const dealt = deal(d, players, dealer, seed, pot, shares)
    if (!dealt.ok) {
      d.log.length = before
      return dealt
    }
  }
  const started = d.log[before]
  const payload = started?.kind === 'setup' ? readSetup(started.payload) : null
  d.tableEvents.push({ type: 'nextGame', dealer: payload?.dealer ?? null, seed: payload?.seed ?? null })
  return ok(undefined)
}

/** Seats `players` at positions 0..n-1 and deals a game with the carried pot. */
function deal(
  d: TableDraft,
  players: MutableSeat[],
  dealer: number,
  seed: number,
  pot: number,
  potShares: number[],
): Outcome<void> {
  for (const s of d.seats) s.position = null
  players.forEach((s, i) => (s.position = i))
  const params: TableSetup = {
    players: players.length,
    dealer,
    options: d.rec.options,
    seed,
    // Hands count on across fresh deals at a table that deals game after game ("Hand 14").
    ...(d.gamesPlayed > 0 ? { gameNo: d.gamesPlayed + 1 } : {}),
    ...(d.engine.usesChips ? { stacks: players.map((s) => s.stack) } : {}),
    ...(pot > 0 ? { pot, potShares } : {}),
  }
  return d.setup(params, seed)
}

/** Whether every player's stack at the table is the stack the engine holds for their seat. */
function stacksAsEngine(d: TableDraft, players: readonly MutableSeat[]): boolean {
  const totals = d.engine.chipTotals(d.state)
  return totals === null || players.every((s) => totals.stacks[s.position!] === s.stack)
}
