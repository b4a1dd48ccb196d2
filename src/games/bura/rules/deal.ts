import type { Card } from '../../../core/cards.js'
import { nextDeck } from '../../../core/decks.js'
import { fullDeck } from './cards.js'
import { combinationOf } from './combinations.js'
import { inGameFrom, nextInGame, type Draft } from './draft.js'
import { handSize } from './options.js'
import { startTrick } from './play.js'
import type { BuraEvent } from './types.js'

/** Redeals when `redealOnCombination` keeps finding combinations; a shuffled deck ends this in a few tries. */
const MAX_REDEALS = 10_000

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
