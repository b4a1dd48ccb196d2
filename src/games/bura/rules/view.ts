import type { Card, Suit } from '../../../core/cards.js'
import { pointsOf } from './cards.js'
import { othersInGame, trickTurn } from './draft.js'
import { declareRefusal, waitingFor } from './legal.js'
import type { BuraOptions } from './options.js'
import type { BuraPhase, BuraState, CombinationKind, GameEnd, PlaySeen, Trick } from './types.js'

export interface SeatView {
  readonly seat: number
  readonly inGame: boolean
  readonly handCount: number
  /** Tricks taken and the cards in them: a pile anyone can see the size of. */
  readonly tricks: number
  readonly cardsTaken: number
  readonly stack: number
  /** Chips this seat has paid into the pot as it stands. */
  readonly potShare: number
  /** Final call: this seat has passed. */
  readonly passed: boolean
  /** scoring "points" only. */
  readonly penalty?: number
  /** scoring "games" only: games won in the match so far. */
  readonly games?: number
  /** showCounts only: the cards of this seat's tricks the viewer may see, and their points. */
  readonly taken?: readonly Card[]
  readonly points?: number
  /** showCounts only: cards in this seat's tricks that lay face down (not counted in `points`). */
  readonly unseenTaken?: number
}

export interface TrickView {
  readonly leader: number
  readonly size: number
  readonly combination: CombinationKind | null
  readonly plays: readonly PlaySeen[]
  /** Whose cards are in front now (the current winner); null before the lead. */
  readonly winning: number | null
}

export interface BuraView {
  readonly game: 'bura'
  readonly viewer: number | null
  readonly phase: BuraPhase
  readonly gameNumber: number
  readonly players: number
  readonly dealer: number
  readonly options: BuraOptions
  readonly trump: Suit
  /** Turned up at the deal; everyone saw it. */
  readonly trumpCard: Card
  /** The trump card is still the bottom card of the pile. */
  readonly trumpCardInPile: boolean
  /** Who drew the trump card (everyone saw it drawn), else null; not whether they still hold it. */
  readonly trumpCardDrawnBy: number | null
  readonly pileCount: number
  /** The viewer's own hand; null for a spectator or a seat sitting the game out. */
  readonly hand: readonly Card[] | null
  /** Whose play it is (play phase), else null. */
  readonly turn: number | null
  readonly waitingFor: readonly number[]
  readonly canDeclare: boolean
  readonly pot: number
  readonly seats: readonly SeatView[]
  readonly trick: TrickView | null
  readonly lastTrick: (TrickView & { readonly winner: number }) | null
  /** Once the game is over: how it ended, who won, who deals next, and the tricks a declaration turned over. */
  readonly result: ResultView | null
}

export type ResultView = GameEnd & {
  readonly winners: readonly number[]
  readonly nextDealer: number
  readonly revealed: { readonly seat: number; readonly cards: readonly Card[] } | null
}

/** Cards laid face down by anyone but `viewer` this game: nobody else has seen them. */
function unseenFaceDown(s: BuraState, viewer: number | null): Set<Card> {
  const out = new Set<Card>()
  for (let seat = 0; seat < s.players; seat++) if (seat !== viewer) for (const c of s.faceDownBy[seat]!) out.add(c)
  return out
}

/** The seat whose tricks a declaration turned over, once the game is over; else -1. */
function revealedSeat(s: BuraState): number {
  const end = s.end
  if (!end) return -1
  if (end.reason === 'declared') return end.winner
  if (end.reason === 'falseDeclaration') return end.declarer
  return -1
}

function seePlays(trick: Trick, viewer: number | null): PlaySeen[] {
  return trick.plays.map((p) => ({
    seat: p.seat,
    count: p.cards.length,
    faceDown: p.faceDown,
    cards: p.faceDown && p.seat !== viewer ? null : p.cards,
  }))
}

function seeTrick(trick: Trick, viewer: number | null): TrickView {
  return {
    leader: trick.leader,
    size: trick.size,
    combination: trick.combination,
    plays: seePlays(trick, viewer),
    winning: trick.best >= 0 ? trick.plays[trick.best]!.seat : null,
  }
}

/** Who won the game that ended: the pot's winner, or playing for games every other player after a false declaration. */
export function gameWinners(s: BuraState): number[] {
  const end = s.end
  if (!end) return []
  if ('winner' in end) return [end.winner]
  return end.reason === 'falseDeclaration' && s.options.scoring === 'games' ? othersInGame(s, end.declarer) : []
}

/**
 * What one seat may know. Counting in your head: without `showCounts` nobody sees the points
 * or the cards of taken tricks, only how many tricks each seat has; the trick in progress and
 * the last completed trick are public (face-down cards only to whoever laid them).
 */
export function view(s: BuraState, viewer: number | null): BuraView {
  const showCounts = s.options.showCounts
  const unseen = showCounts ? unseenFaceDown(s, viewer) : null
  const revealed = revealedSeat(s)
  const seats: SeatView[] = []
  for (let seat = 0; seat < s.players; seat++) {
    const base = {
      seat,
      inGame: s.inGame[seat]!,
      handCount: s.hands[seat]!.length,
      tricks: s.tricks[seat]!,
      cardsTaken: s.taken[seat]!.length,
      stack: s.stacks[seat]!,
      potShare: s.potShares[seat]!,
      passed: s.passed[seat]!,
      ...(s.options.scoring === 'points' ? { penalty: s.penalties[seat]! } : {}),
      ...(s.options.scoring === 'games' ? { games: s.games[seat]! } : {}),
    }
    if (!unseen) {
      seats.push(base)
      continue
    }
    const taken = seat === revealed ? s.taken[seat]!.slice() : s.taken[seat]!.filter((c) => !unseen.has(c))
    seats.push({ ...base, taken, points: pointsOf(taken), unseenTaken: s.taken[seat]!.length - taken.length })
  }
  const inSeat = viewer !== null && viewer >= 0 && viewer < s.players && s.inGame[viewer]
  const end = s.end
  return {
    game: 'bura',
    viewer,
    phase: s.phase,
    gameNumber: s.gameNumber,
    players: s.players,
    dealer: s.dealer,
    options: s.options,
    trump: s.trump,
    trumpCard: s.trumpCard,
    trumpCardInPile: s.pile.length > 0,
    trumpCardDrawnBy: s.trumpCardDrawnBy,
    pileCount: s.pile.length,
    hand: inSeat ? s.hands[viewer]!.slice() : null,
    turn: s.phase === 'play' ? trickTurn(s) : null,
    waitingFor: waitingFor(s),
    canDeclare: inSeat ? declareRefusal(s, viewer) === null : false,
    pot: s.pot,
    seats,
    trick: s.trick ? seeTrick(s.trick, viewer) : null,
    lastTrick: s.lastTrick ? { ...seeTrick(s.lastTrick, viewer), winner: s.lastTrick.winner } : null,
    result: end
      ? {
          ...end,
          winners: gameWinners(s),
          nextDealer: s.nextDealer!,
          revealed: revealed >= 0 ? { seat: revealed, cards: s.taken[revealed]!.slice() } : null,
        }
      : null,
  }
}

/** The cards `viewer` must not see now (the oracle the view is tested against). */
export function hiddenFrom(s: BuraState, viewer: number | null): Card[] {
  const hidden: Card[] = []
  const trumpCard = s.trumpCard
  // A combination that won the pot was shown to the table.
  const shown = s.end && 'cards' in s.end ? s.end.cards : []
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === viewer) continue
    for (const c of s.hands[seat]!) if (c !== trumpCard && !shown.includes(c)) hidden.push(c)
  }
  for (const c of s.pile) if (c !== trumpCard) hidden.push(c)
  const unseen = unseenFaceDown(s, viewer)
  const inLastTrick = new Set<Card>()
  if (s.lastTrick)
    for (const p of s.lastTrick.plays)
      if (!(p.faceDown && p.seat !== viewer)) for (const c of p.cards) inLastTrick.add(c)
  const revealed = revealedSeat(s)
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === revealed) continue
    for (const c of s.taken[seat]!) {
      if (c === trumpCard || inLastTrick.has(c)) continue
      if (s.options.showCounts && !unseen.has(c)) continue
      hidden.push(c)
    }
  }
  if (s.trick)
    for (const p of s.trick.plays)
      if (p.faceDown && p.seat !== viewer) for (const c of p.cards) if (c !== trumpCard) hidden.push(c)
  return hidden
}
