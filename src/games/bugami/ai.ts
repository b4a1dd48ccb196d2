import { isJoker, makeDeck, RANKS, type Card } from '../../core/cards.js'
import type { Rng } from '../../core/rng.js'
import {
  bugamiEngine as bugami,
  type Bid,
  type BugamiAction,
  type BugamiEvent,
  type BugamiOptions,
} from './rules/index.js'
import type { BugamiView } from './rules/index.js'
import { BUDGETS, type DecideOptions } from '../../ai/budget.js'
import { lastEntryWith } from '../../ai/history.js'
import { dealHidden, type Holder } from '../../ai/deal-hidden.js'
import { playout, positionsOf, search, type PositionOf } from '../../ai/search.js'

import { adviseBugami, expertBugami, type BugamiHistory, type BugamiMemory } from './expert.js'

export type { BugamiHistory } from './expert.js'

const game = positionsOf(bugami)
type BugamiPosition = PositionOf<typeof game>

/** What the seat knows about the current deal, read from its history alone. */
interface DealKnowledge {
  readonly dealer: number
  readonly handSize: number
  readonly myDealtHand: readonly Card[]
  /** All bids once revealed, else null. */
  readonly bids: readonly Bid[] | null
  readonly plays: readonly { readonly seat: number; readonly card: Card }[]
  /** Per seat, the suits it showed it has none of by not following suit. */
  readonly voids: readonly Set<string>[]
}

function knowledge(h: BugamiHistory): DealKnowledge | null {
  const start = lastEntryWith(h.entries, 'dealt')
  if (start < 0) return null
  const first = h.entries[start]!
  const dealt = first.events.find((e) => e.type === 'dealt') as Extract<BugamiEvent, { type: 'dealt' }>
  const hand = first.view.hand
  if (!hand) return null
  let bids: readonly Bid[] | null = null
  const plays: { seat: number; card: Card }[] = []
  const voids = Array.from({ length: h.players }, () => new Set<string>())
  let led: Card | null = null
  for (let i = start; i < h.entries.length; i++) {
    for (const e of h.entries[i]!.events) {
      if (e.type === 'bidsRevealed') bids = e.bids
      else if (e.type === 'played') {
        if (plays.length % h.players === 0) led = e.card
        else if (led && !isJoker(led) && (isJoker(e.card) || e.card[1] !== led[1])) voids[e.seat]!.add(led[1]!)
        plays.push({ seat: e.seat, card: e.card })
      }
    }
  }
  return { dealer: dealt.dealer, handSize: dealt.handSize, myDealtHand: hand, bids, plays, voids }
}

/** Samples the other hands and the leftovers, then replays the deal's public moves on the engine. */
function sampler(h: BugamiHistory, k: DealKnowledge, options: BugamiOptions) {
  const n = h.players
  const me = h.seat
  const full = makeDeck(RANKS, options.jokers)
  const played = new Map<number, Card[]>()
  for (let s = 0; s < n; s++) played.set(s, [])
  for (const p of k.plays) played.get(p.seat)!.push(p.card)
  const known = new Set<Card>(k.myDealtHand)
  for (const p of k.plays) known.add(p.card)
  const unknown = full.filter((c) => !known.has(c))
  const holders: Holder[] = []
  for (let s = 0; s < n; s++)
    if (s !== me) holders.push({ count: k.handSize - played.get(s)!.length, excludes: (c) => voidFor(k, s, c) })
  holders.push({ count: full.length - k.handSize * n, excludes: () => false })

  return (rng: Rng): BugamiPosition | null => {
    const dealtHidden = dealHidden(unknown, holders, rng)
    if (!dealtHidden) return null
    const hands: Card[][] = []
    let next = 0
    for (let s = 0; s < n; s++)
      hands.push(s === me ? k.myDealtHand.slice() : played.get(s)!.concat(dealtHidden[next++]!))
    const leftovers = dealtHidden[next]!
    // dealCards: one card at a time clockwise from the dealer's left, then the leftovers.
    const deck: Card[] = []
    for (let i = 0; i < k.handSize; i++) for (let j = 1; j <= n; j++) deck.push(hands[(k.dealer + j) % n]![i]!)
    deck.push(...leftovers)
    const setup = game.deal({ players: n, dealer: k.dealer, options, seed: rng.int(0x7fffffff), decks: [deck] })
    if (!setup.ok) return null
    let pos = setup.value.state
    if (k.bids) {
      for (let s = 0; s < n; s++) {
        const bid = k.bids[s]!
        const out = game.apply(pos, s, bid === 'misere' ? { type: 'bid', misere: true } : { type: 'bid', suit: bid })
        if (!out.ok) return null
        pos = out.value.state
      }
    }
    for (const p of k.plays) {
      const out = game.apply(pos, p.seat, { type: 'play', card: p.card })
      if (!out.ok) return null
      pos = out.value.state
    }
    return pos
  }
}

function voidFor(k: DealKnowledge, seat: number, card: Card): boolean {
  return !isJoker(card) && k.voids[seat]!.has(card[1]!)
}

const autoPolicy = (pos: BugamiPosition, seat: number) => game.autoAction(pos, seat)

/** In a playout each seat goes by its view alone (nothing remembered: cheap, and enough to steer). */
const NO_MEMORY: BugamiMemory = { played: new Set(), voids: [] }

/** Strong playouts and bids: every seat plays the expert's rules on its own view of the determinisation. */
const expertPolicy = (pos: BugamiPosition, seat: number) =>
  adviseBugami(game.view(pos, seat), NO_MEMORY, seat)?.action ?? game.autoAction(pos, seat)

/** The deal's score for `seat` against the average of the others (what decides a match). */
function dealReward(pos: BugamiPosition, seat: number): number {
  const seats = game.summary(pos).seats as readonly { readonly score: number }[]
  let others = 0
  for (let s = 0; s < seats.length; s++) if (s !== seat) others += seats[s]!.score
  return seats[seat]!.score - others / (seats.length - 1)
}

function bidKey(a: BugamiAction): string {
  return a.type === 'bid' ? ('misere' in a ? 'misere' : a.suit) : a.card
}

export function decideBugami(h: BugamiHistory, opts: DecideOptions): BugamiAction | null {
  const view = h.entries[h.entries.length - 1]?.view
  if (!view || !view.hand || !view.waitingFor.includes(h.seat)) return null
  const k = knowledge(h)
  if (!k) return null
  const options = bugami.optionsSchema.parse(h.options)
  const me = h.seat
  const bidding = view.phase === 'bidding'
  const policy = BUDGETS[opts.level].expertRollouts ? expertPolicy : autoPolicy
  const chosen = search(
    {
      game,
      seat: me,
      sampler: sampler(h, k, options),
      candidates: (pos) =>
        bidding ? game.legalActions(pos, me).filter((a) => a.type === 'bid') : game.legalActions(pos, me),
      evaluate: (pos, action) => {
        const out = game.apply(pos, me, action)
        if (!out.ok) return -Infinity
        let next = out.value.state
        // The others' bids are secret: each bids as the expert would on its sampled hand.
        if (bidding)
          for (let s = 0; s < h.players; s++) {
            if (s === me) continue
            const bid = expertPolicy(next, s)
            if (!bid) continue
            const placed = game.apply(next, s, bid)
            if (placed.ok) next = placed.value.state
          }
        return dealReward(playout(game, next, policy), me)
      },
      key: bidKey,
      expert: () => expertBugami(h, opts),
    },
    opts,
  )
  return chosen ?? fallback(view)
}

/**
 * Without any consistent determinisation (it should not happen): the last playable card in the view,
 * or a spade bid.
 */
function fallback(view: BugamiView): BugamiAction | null {
  if (view.phase === 'bidding') return { type: 'bid', suit: 'S' }
  const card = view.playable[view.playable.length - 1]
  return card ? { type: 'play', card } : null
}
