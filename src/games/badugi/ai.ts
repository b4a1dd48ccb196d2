import { makeDeck, type Card } from '../../core/cards.js'
import { Rng, seedRng } from '../../core/rng.js'
import { countingCards, handValue, type BadugiAction, type BadugiView } from './rules/index.js'
import { BUDGETS, mayContinue, type DecideOptions } from '../../ai/budget.js'
import { adviseBadugi, shape, type BadugiHistory } from './expert.js'

export type { BadugiHistory } from './expert.js'

const FULL_DECK: readonly Card[] = makeDeck()
/** Showdowns simulated per budget sample: a hand is cheap to value, so equity gets many. */
const TRIALS_PER_SAMPLE = 25

/** The moves open to the seat now, read off its own view (the betting line it is shown). */
export function badugiMoves(view: BadugiView): BadugiAction[] {
  const you = view.you
  if (!you || !you.yourTurn) return []
  if (view.phase === 'drawing') return [drawAction(you.hand)]
  const out: BadugiAction[] = you.toCall === 0 ? [{ type: 'check' }] : [{ type: 'fold' }, { type: 'call' }]
  if (you.wager)
    out.push(
      view.limit === 'fixed' ? { type: you.wager.kind } : { type: you.wager.kind, amount: wagerSize(view, you.wager) },
    )
  return out
}

/** Pot and no limit: a pot-sized bet within the allowed range. */
function wagerSize(view: BadugiView, range: { min: number; max: number }): number {
  return Math.max(range.min, Math.min(range.max, view.currentBet + view.pot))
}

/** Keep the cards that count, throw the rest: a badugi stands pat. */
function drawAction(hand: readonly Card[]): BadugiAction {
  const keep = countingCards(hand)
  return { type: 'draw', cards: hand.filter((c) => !keep.includes(c)) }
}

/** Picks `count` cards off the pool that make a badugi together (a seat keeping them drew the rest). */
function takeKept(pool: Card[], count: number): Card[] {
  const kept: Card[] = []
  for (let i = pool.length - 1; i >= 0 && kept.length < count; i--) {
    const c = pool[i]!
    if (kept.some((k) => k[0] === c[0] || k[1] === c[1])) continue
    kept.push(c)
    pool.splice(i, 1)
  }
  return kept
}

function redraw(hand: Card[], pool: Card[]): Card[] {
  const keep = countingCards(hand)
  while (keep.length < 4 && pool.length) keep.push(pool.pop()!)
  return keep
}

/**
 * The seat's share of the pot at showdown if nobody folds from here: the live opponents get random
 * hands from the cards the seat has not seen, shaped by what they drew last time (a seat that drew
 * d cards kept 4 - d cards that count together), then everyone plays out the remaining draws
 * keeping what counts.
 */
export function equity(view: BadugiView, seat: number, trials: number, rng: Rng): number {
  const mine = view.you!.hand
  const unseen = FULL_DECK.filter((c) => !mine.includes(c))
  const opponents = view.seats.filter((s) => s.seat !== seat && (s.status === 'in' || s.status === 'allIn'))
  const drawsDone = view.phase === 'betting' ? view.round - 1 : view.round
  const drawsLeft = Math.max(0, 3 - drawsDone)
  let won = 0
  for (let t = 0; t < trials; t++) {
    const pool = rng.shuffle(unseen)
    let me = mine.slice()
    let hands = opponents.map((o) => {
      const last = o.draws.length ? o.draws[o.draws.length - 1]! : 4
      const kept = takeKept(pool, 4 - last)
      while (kept.length < 4) kept.push(pool.pop()!)
      return kept
    })
    for (let d = 0; d < drawsLeft; d++) {
      me = redraw(me, pool)
      hands = hands.map((h) => redraw(h, pool))
    }
    const mv = handValue(me)
    let best = 0
    let ties = 1
    for (const h of hands) {
      const v = handValue(h)
      if (v > best) best = v
    }
    if (mv < best) continue
    for (const h of hands) if (handValue(h) === mv) ties++
    won += 1 / ties
  }
  return won / trials
}

/**
 * The expert's line (expert.ts), sharpened. Normal: on the last round, checked to by seats that all
 * drew, it bets (a missed draw folds). Strong: also raises an unopened pot with a three-card draw,
 * bets a three-card draw first against seats drawing two or more, and holds back a bet that the
 * simulated equity does not back (a bluff stays a bluff). Easy plays the expert's rules with slips (the cautious
 * check or fold).
 */
export function decideBadugi(h: BadugiHistory, opts: DecideOptions): BadugiAction | null {
  const view = h.entries[h.entries.length - 1]?.view
  if (!view || !view.you || !view.you.yourTurn) return null
  const moves = badugiMoves(view)
  if (!moves.length) return null
  const advice = adviseBadugi(view, h.seat, opts.seed)
  if (!advice) return moves[0]!
  const rng = new Rng(seedRng(opts.seed))
  const you = view.you
  const budget = BUDGETS[opts.level]
  if (opts.level === 'easy') return rng.int(1000) < budget.slips * 1000 ? moves[0]! : advice.action
  if (view.phase === 'drawing') return advice.action
  const wager = moves.find((m) => m.type === 'bet' || m.type === 'raise')
  const drew = view.seats.filter((s) => s.seat !== h.seat && s.status === 'in').every((s) => (s.draws.at(-1) ?? 0) >= 1)
  if (wager && view.round === 4 && you.toCall === 0 && drew) return wager
  if (opts.level === 'strong' && wager) {
    const { size } = shape(you.hand)
    const others = view.seats.filter((s) => s.seat !== h.seat && s.status === 'in')
    // An unopened pot before the draw: the expert folds most hands to a raise, so take the blinds.
    if (view.round === 1 && view.currentBet <= view.bigBlindSize && size >= 3) return wager
    // Checked to while everyone else is still drawing two or more: a draw of three bets first.
    if (view.round > 1 && you.toCall === 0 && size >= 3 && others.every((s) => (s.draws.at(-1) ?? 4) >= 2)) return wager
  }
  const e = advice.action
  if (opts.level !== 'strong' || (e.type !== 'bet' && e.type !== 'raise') || advice.reason.kind === 'bluff') return e
  let trials = 0
  let sum = 0
  for (let done = 0; mayContinue(done, budget, opts.deadline); done++) {
    sum += equity(view, h.seat, TRIALS_PER_SAMPLE, rng) * TRIALS_PER_SAMPLE
    trials += TRIALS_PER_SAMPLE
  }
  const live = view.seats.filter((s) => s.status === 'in' || s.status === 'allIn').length
  return sum / trials < 1 / live - 0.05 ? (you.toCall === 0 ? { type: 'check' } : { type: 'call' }) : e
}
