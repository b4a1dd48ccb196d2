import { othersInGame, type Draft } from './draft.js'
import { GAMES_LEAD, PENALTY_PER_LOSS } from './options.js'
import type { BuraEvent, GameEnd } from './types.js'

/** How a game ends: the pot, a penalty or a game won, and who deals next. */

export function moveChips(
  d: Draft,
  from: 'pot' | number,
  to: 'pot' | number,
  amount: number,
  reason: string,
  events: BuraEvent[],
): void {
  if (amount <= 0) return
  const stacks = d.stacks.slice()
  if (from === 'pot') d.pot -= amount
  else stacks[from]! -= amount
  if (to === 'pot') d.pot += amount
  else stacks[to]! += amount
  d.stacks = stacks
  events.push({
    type: 'chips',
    from: from === 'pot' ? 'pot' : { seat: from },
    to: to === 'pot' ? 'pot' : { seat: to },
    amount,
    reason,
  })
}

export function penalise(d: Draft, seats: number[], events: BuraEvent[]): void {
  const penalties = d.penalties.slice()
  for (const seat of seats) {
    penalties[seat]! += PENALTY_PER_LOSS
    events.push({ type: 'penalty', seat, points: PENALTY_PER_LOSS, total: penalties[seat]! })
  }
  d.penalties = penalties
}

/** Playing for games: one game won for each of `seats`, and the match decided once someone has enough. */
export function winGames(d: Draft, seats: number[], events: BuraEvent[]): void {
  const games = d.games.slice()
  for (const seat of seats) {
    games[seat]! += 1
    events.push({ type: 'gameWon', seat, total: games[seat]! })
  }
  d.games = games
  const winner = gamesMatchWinner(games, d.options.gamesTarget)
  if (winner !== null) events.push({ type: 'matchOver', winner })
}

/**
 * The winner of a match played for games: the first to `target` games with at least 2 more
 * than every other player (until someone leads by 2, play goes on); null while undecided.
 */
export function gamesMatchWinner(games: readonly number[], target: number): number | null {
  let top = 0
  for (let seat = 1; seat < games.length; seat++) if (games[seat]! > games[top]!) top = seat
  if (games[top]! < target) return null
  for (let seat = 0; seat < games.length; seat++)
    if (seat !== top && games[top]! - games[seat]! < GAMES_LEAD) return null
  return top
}

export function winGame(d: Draft, winner: number, end: GameEnd, events: BuraEvent[]): void {
  if (d.options.scoring === 'games') winGames(d, [winner], events)
  else if (d.options.scoring === 'chips') {
    const amount = d.pot
    moveChips(d, 'pot', winner, amount, end.reason === 'declared' ? 'declaration' : end.reason, events)
    d.potShares = new Array<number>(d.players).fill(0)
    events.push({ type: 'potWon', seat: winner, amount, reason: end.reason })
  } else {
    penalise(d, othersInGame(d, winner), events)
  }
  endGame(d, end, winner, [winner], events)
}

export function endGame(d: Draft, end: GameEnd, nextDealer: number, winners: number[], events: BuraEvent[]): void {
  d.phase = 'over'
  d.end = end
  d.nextDealer = nextDealer
  d.callTurn = null
  events.push({ type: 'gameOver', reason: end.reason, winners, nextDealer })
}
