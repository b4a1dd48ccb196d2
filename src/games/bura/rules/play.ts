import type { Card } from '../../../core/cards.js'
import { pointsOf, setBeats } from './cards.js'
import { combinationOf, highestTrumps, priority, winsPot } from './combinations.js'
import { inGameCount, inGameFrom, nextInGame, othersInGame, setArray, type Draft } from './draft.js'
import { endGame, moveChips, penalise, winGame, winGames } from './game-end.js'
import type { BuraEvent, CombinationKind, Trick, TrickPlay } from './types.js'

/** How a Bura game is played: combinations and tricks, drawing back up, declaring 31, passing the final call. */

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
