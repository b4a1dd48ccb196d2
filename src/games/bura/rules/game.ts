import type { Card } from '../../core/cards.js'
import { nextDeck } from '../../core/decks.js'
import { fullDeck, pointsOf, setBeats } from './cards.js'
import { combinationOf, highestTrumps, priority, winsPot } from './combinations.js'
import { GAMES_LEAD, handSize, PENALTY_PER_LOSS } from './options.js'
import type { BuraEvent, BuraState, CombinationKind, GameEnd, Trick, TrickPlay } from './types.js'

/**
 * The transitions of a Bura game. They work on a shallow draft of the state and replace
 * (never mutate) every array they change, so the caller's state stays untouched.
 */
export type Draft = { -readonly [K in keyof BuraState]: BuraState[K] }

/** Redeals when `redealOnCombination` keeps finding combinations; a shuffled deck ends this in a few tries. */
const MAX_REDEALS = 10_000

/** A field-by-field copy: several times faster than an object spread in V8, and apply runs it every time. */
export function draftOf(s: BuraState): Draft {
  return {
    game: s.game,
    players: s.players,
    options: s.options,
    phase: s.phase,
    gameNumber: s.gameNumber,
    dealer: s.dealer,
    supply: s.supply,
    inGame: s.inGame,
    trump: s.trump,
    trumpCard: s.trumpCard,
    trumpCardDrawnBy: s.trumpCardDrawnBy,
    hands: s.hands,
    pile: s.pile,
    trick: s.trick,
    lastTrick: s.lastTrick,
    taken: s.taken,
    tricks: s.tricks,
    faceDownBy: s.faceDownBy,
    passed: s.passed,
    callTurn: s.callTurn,
    stacks: s.stacks,
    pot: s.pot,
    potShares: s.potShares,
    chipTotal: s.chipTotal,
    penalties: s.penalties,
    games: s.games,
    end: s.end,
    nextDealer: s.nextDealer,
  }
}

export function nextInGame(s: BuraState, seat: number): number {
  const n = s.players
  let next = (seat + 1) % n
  while (!s.inGame[next]) next = (next + 1) % n
  return next
}

export function inGameCount(s: BuraState): number {
  let count = 0
  for (const b of s.inGame) if (b) count++
  return count
}

/** In-game seats clockwise starting at `first` (which must be in the game). */
export function inGameFrom(s: BuraState, first: number): number[] {
  const out: number[] = [first]
  for (let seat = nextInGame(s, first); seat !== first; seat = nextInGame(s, seat)) out.push(seat)
  return out
}

/** Whose play it is in the trick in progress. */
export function trickTurn(s: BuraState): number {
  const trick = s.trick!
  const plays = trick.plays
  return plays.length === 0 ? trick.leader : nextInGame(s, plays[plays.length - 1]!.seat)
}

function setArray<T>(arr: readonly T[], index: number, value: T): T[] {
  const copy = arr.slice()
  copy[index] = value
  return copy
}

function moveChips(
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

/**
 * Starts a game dealt by `dealer`: antes (chips), the deal, the trump card, then the first
 * trick's combination check. Seats that cannot pay the ante sit this game out.
 */
export function startGame(d: Draft, dealer: number, events: BuraEvent[]): void {
  const n = d.players
  const { options } = d
  d.dealer = dealer
  d.gameNumber += 1
  const inGame: boolean[] = []
  const passed: boolean[] = []
  const tricks: number[] = []
  const taken: Card[][] = []
  const faceDownBy: Card[][] = []
  for (let seat = 0; seat < n; seat++) {
    inGame.push(options.scoring !== 'chips' || d.stacks[seat]! >= options.ante)
    passed.push(false)
    tricks.push(0)
    taken.push([])
    faceDownBy.push([])
  }
  if (options.scoring === 'chips') {
    const stacks = d.stacks.slice()
    const shares = d.potShares.slice()
    for (let seat = 0; seat < n; seat++) {
      if (inGame[seat]) {
        stacks[seat]! -= options.ante
        shares[seat]! += options.ante
        d.pot += options.ante
        events.push({ type: 'chips', from: { seat }, to: 'pot', amount: options.ante, reason: 'ante' })
      } else events.push({ type: 'sitOut', seat, reason: `cannot pay the ante of ${options.ante}` })
    }
    d.stacks = stacks
    d.potShares = shares
  }
  d.inGame = inGame
  d.phase = 'play'
  d.trick = null
  d.lastTrick = null
  d.passed = passed
  d.callTurn = null
  d.end = null
  d.nextDealer = null
  d.trumpCardDrawnBy = null
  d.tricks = tricks
  d.taken = taken
  d.faceDownBy = faceDownBy

  const first = nextInGame(d, dealer)
  const order = inGameFrom(d, first)
  const full = fullDeck(options.deck32)
  for (let attempt = 0; ; attempt++) {
    const next = nextDeck(d.supply, full)
    d.supply = next.supply
    const deck = next.deck
    const hands: Card[][] = []
    for (let seat = 0; seat < n; seat++) hands.push([])
    let pos = 0
    for (let round = 0; round < handSize(options); round++) for (const seat of order) hands[seat]!.push(deck[pos++]!)
    d.hands = hands
    d.trumpCard = deck[pos]!
    d.trump = d.trumpCard[1] as Draft['trump']
    // The rest of the deck is the pile, lying on the trump card, which is drawn last.
    const pile = deck.slice(pos + 1)
    pile.push(d.trumpCard)
    d.pile = pile
    if (!options.redealOnCombination || attempt >= MAX_REDEALS) break
    if (!order.some((seat) => combinationOf(d.hands[seat]!, d.trump, options) !== null)) break
    events.push({ type: 'redeal', reason: 'a combination was dealt' })
  }
  events.push({ type: 'deal', game: d.gameNumber, dealer, seats: order, trumpCard: d.trumpCard })
  startTrick(d, first, events)
}

/**
 * The start of every trick: combinations are checked in turn order from the normal leader,
 * the highest claim (earliest on a tie) is played by the bot, else the normal leader leads.
 * Bura's combinations need a full hand of 3; Kozel's (four aces, three or more trumps) are
 * looked for in every hand, however many cards are left.
 */
export function startTrick(d: Draft, normalLeader: number, events: BuraEvent[]): void {
  if (d.options.kozel || d.hands[normalLeader]!.length === 3) {
    let bestSeat = -1
    let bestKind: CombinationKind | null = null
    let seat = normalLeader
    do {
      const kind = combinationOf(d.hands[seat]!, d.trump, d.options)
      if (kind && (bestKind === null || priority(kind) > priority(bestKind))) {
        bestKind = kind
        bestSeat = seat
      }
      seat = nextInGame(d, seat)
    } while (seat !== normalLeader)
    if (bestKind !== null) {
      if (bestKind === 'bura') {
        const holders = inGameFrom(d, normalLeader).filter(
          (s) => combinationOf(d.hands[s]!, d.trump, d.options) === 'bura',
        )
        if (holders.length > 1) return playBuraTrick(d, holders, events)
      }
      const cards = d.hands[bestSeat]!
      events.push({ type: 'combination', seat: bestSeat, kind: bestKind, cards })
      if (winsPot(bestKind, d.options)) {
        const reason =
          bestKind === 'fourAces'
            ? 'fourAces'
            : bestKind === 'moscow'
              ? 'moscow'
              : bestKind === 'bura'
                ? 'bura'
                : 'threeAces'
        return winGame(d, bestSeat, { reason, winner: bestSeat, cards }, events)
      }
      d.hands = setArray(d.hands, bestSeat, [])
      d.trick = {
        leader: bestSeat,
        size: 3,
        plays: [{ seat: bestSeat, cards, faceDown: false }],
        best: 0,
        combination: bestKind,
      }
      events.push({ type: 'play', seat: bestSeat, count: 3, faceDown: false, cards, beats: true })
      return
    }
  }
  d.trick = { leader: normalLeader, size: 0, plays: [], best: -1, combination: null }
}

/**
 * Several Buras: their holders alone play a trick with them (in Kozel each with their three
 * highest trumps, the rest stays in hand); its winner takes the pot.
 */
function playBuraTrick(d: Draft, holders: number[], events: BuraEvent[]): void {
  const plays: TrickPlay[] = []
  let best = 0
  const hands = d.hands.slice()
  for (const seat of holders) {
    const hand = hands[seat]!
    const cards = d.options.kozel ? highestTrumps(hand, d.trump) : hand
    events.push({ type: 'combination', seat, kind: 'bura', cards })
    plays.push({ seat, cards, faceDown: false })
    const beatsNow = plays.length > 1 && setBeats(cards, plays[best]!.cards, d.trump)
    if (beatsNow) best = plays.length - 1
    events.push({
      type: 'play',
      seat,
      count: cards.length,
      faceDown: false,
      cards,
      beats: plays.length === 1 || beatsNow,
    })
    hands[seat] = hand.filter((c) => !cards.includes(c))
  }
  d.hands = hands
  const winner = plays[best]!.seat
  collectTrick(d, { leader: holders[0]!, size: 3, plays, best, combination: 'bura' }, winner, events)
  winGame(d, winner, { reason: 'buraTrick', winner }, events)
}

function collectTrick(d: Draft, trick: Trick, winner: number, events: BuraEvent[]): void {
  const won: Card[] = d.taken[winner]!.slice()
  for (const play of trick.plays) for (const c of play.cards) won.push(c)
  d.taken = setArray(d.taken, winner, won)
  d.tricks = setArray(d.tricks, winner, d.tricks[winner]! + 1)
  d.lastTrick = {
    leader: trick.leader,
    size: trick.size,
    plays: trick.plays,
    best: trick.best,
    combination: trick.combination,
    winner,
  }
  d.trick = null
  events.push({ type: 'trick', winner })
}

/** Lays `cards` (already checked) for the seat whose turn it is. */
export function playCards(
  d: Draft,
  seat: number,
  cards: readonly Card[],
  faceDownWanted: boolean,
  events: BuraEvent[],
): void {
  const trick = d.trick!
  const hand = d.hands[seat]!
  const rest: Card[] = []
  for (const c of hand) if (c !== cards[0] && c !== cards[1] && c !== cards[2]) rest.push(c)
  d.hands = setArray(d.hands, seat, rest)
  let next: Trick
  let faceDown = false
  let beatsNow = true
  if (trick.plays.length === 0) {
    next = { leader: seat, size: cards.length, plays: [{ seat, cards, faceDown: false }], best: 0, combination: null }
  } else {
    beatsNow = !faceDownWanted && setBeats(cards, trick.plays[trick.best]!.cards, d.trump)
    faceDown = d.options.faceDown && !beatsNow
    const plays = trick.plays.slice()
    plays.push({ seat, cards, faceDown })
    next = {
      leader: trick.leader,
      size: trick.size,
      plays,
      best: beatsNow ? plays.length - 1 : trick.best,
      combination: trick.combination,
    }
  }
  if (faceDown) d.faceDownBy = setArray(d.faceDownBy, seat, d.faceDownBy[seat]!.concat(cards))
  events.push({ type: 'play', seat, count: cards.length, faceDown, cards: faceDown ? null : cards, beats: beatsNow })
  if (nextInGame(d, seat) !== next.leader) {
    d.trick = next
    return
  }
  const winner = next.plays[next.best]!.seat
  collectTrick(d, next, winner, events)
  drawCards(d, winner, next.size, events)
  if (d.hands[winner]!.length === 0 && d.options.kozel) countKozel(d, events)
  else if (d.hands[winner]!.length === 0) {
    d.phase = 'finalCall'
    d.callTurn = d.options.declareOnTurnOnly ? winner : null
    events.push({ type: 'finalCall' })
  } else startTrick(d, winner, events)
}

/**
 * Kozel after the last card: the most card points wins the pot; a tie for the most wins
 * nothing, and the same dealer deals again.
 */
function countKozel(d: Draft, events: BuraEvent[]): void {
  const points = d.taken.map(pointsOf)
  let top = -1
  for (let seat = 0; seat < d.players; seat++) if (d.inGame[seat] && points[seat]! > top) top = points[seat]!
  const leaders: number[] = []
  for (let seat = 0; seat < d.players; seat++) if (d.inGame[seat] && points[seat] === top) leaders.push(seat)
  if (leaders.length === 1)
    return winGame(d, leaders[0]!, { reason: 'mostPoints', winner: leaders[0]!, points }, events)
  endGame(d, { reason: 'pointsTie', points }, d.dealer, [], events)
}

/** Everyone draws back to a full hand, one card at a time from the trick winner, in whole rounds only. */
function drawCards(d: Draft, from: number, need: number, events: BuraEvent[]): void {
  const pile = d.pile
  const rounds = Math.min(need, Math.floor(pile.length / inGameCount(d)))
  if (rounds === 0) return
  const hands = d.hands.slice() as Card[][]
  for (let seat = 0; seat < hands.length; seat++) if (d.inGame[seat]) hands[seat] = hands[seat]!.slice()
  let pos = 0
  let trumpCardTo: number | null = null
  for (let r = 0; r < rounds; r++) {
    let seat = from
    do {
      if (pos === pile.length - 1) trumpCardTo = seat
      hands[seat]!.push(pile[pos++]!)
      seat = nextInGame(d, seat)
    } while (seat !== from)
  }
  d.hands = hands
  d.pile = pile.slice(pos)
  if (trumpCardTo !== null) d.trumpCardDrawnBy = trumpCardTo
  events.push({ type: 'draw', from, rounds, trumpCardTo, pileLeft: d.pile.length })
}

/** Declaring 31: only tricks already taken count; the trick in progress counts for nobody. */
export function declare31(d: Draft, seat: number, events: BuraEvent[]): void {
  const cards = d.taken[seat]!
  const declaredPoints = pointsOf(cards)
  const correct = declaredPoints >= 31
  events.push({ type: 'declare', seat, declaredPoints, correct, cards })
  if (correct) return winGame(d, seat, { reason: 'declared', winner: seat, declaredPoints }, events)
  let paid = 0
  if (d.options.scoring === 'chips') {
    // A false declaration doubles the pot; whoever cannot pay in full pays what they have.
    paid = Math.min(d.pot, d.stacks[seat]!)
    moveChips(d, seat, 'pot', paid, 'falseDeclaration', events)
    if (paid > 0) d.potShares = setArray(d.potShares, seat, d.potShares[seat]! + paid)
  } else if (d.options.scoring === 'games') winGames(d, othersInGame(d, seat), events)
  else penalise(d, [seat], events)
  // Playing for games, everyone else in the game won one.
  const winners = d.options.scoring === 'games' ? othersInGame(d, seat) : []
  endGame(d, { reason: 'falseDeclaration', declarer: seat, declaredPoints, paid }, seat, winners, events)
}

export function passCall(d: Draft, seat: number, events: BuraEvent[]): void {
  d.passed = setArray(d.passed, seat, true)
  events.push({ type: 'pass', seat })
  const waiting = inGameFrom(d, nextInGame(d, seat)).filter((s) => !d.passed[s])
  if (waiting.length === 0) return endGame(d, { reason: 'allPassed' }, d.dealer, [], events)
  if (d.callTurn !== null) d.callTurn = waiting[0]!
}

function penalise(d: Draft, seats: number[], events: BuraEvent[]): void {
  const penalties = d.penalties.slice()
  for (const seat of seats) {
    penalties[seat]! += PENALTY_PER_LOSS
    events.push({ type: 'penalty', seat, points: PENALTY_PER_LOSS, total: penalties[seat]! })
  }
  d.penalties = penalties
}

export function othersInGame(d: Pick<BuraState, 'players' | 'inGame'>, seat: number): number[] {
  const out: number[] = []
  for (let other = 0; other < d.players; other++) if (d.inGame[other] && other !== seat) out.push(other)
  return out
}

/** Playing for games: one game won for each of `seats`, and the match decided once someone has enough. */
function winGames(d: Draft, seats: number[], events: BuraEvent[]): void {
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

function winGame(d: Draft, winner: number, end: GameEnd, events: BuraEvent[]): void {
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

function endGame(d: Draft, end: GameEnd, nextDealer: number, winners: number[], events: BuraEvent[]): void {
  d.phase = 'over'
  d.end = end
  d.nextDealer = nextDealer
  d.callTurn = null
  events.push({ type: 'gameOver', reason: end.reason, winners, nextDealer })
}
