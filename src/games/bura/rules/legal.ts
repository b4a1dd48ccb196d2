import type { Card } from '../../../core/cards.js'
import { refuse, type RuleError } from '../../../core/engine.js'
import { allOneSuit, setBeats } from './cards.js'
import { trickTurn } from './draft.js'
import type { BuraOptions } from './options.js'
import type { BuraAction, BuraState } from './types.js'

export const DECLARE: BuraAction = Object.freeze({ type: 'declare' })
export const PASS: BuraAction = Object.freeze({ type: 'pass' })
const NONE: BuraAction[] = []

/** Seats the game waits for: the player to lay cards, or at the final call everyone still to answer. */
export function waitingFor(s: BuraState): number[] {
  if (s.phase === 'play') return [trickTurn(s)]
  if (s.phase === 'finalCall') {
    if (s.callTurn !== null) return [s.callTurn]
    const out: number[] = []
    for (let seat = 0; seat < s.players; seat++) if (s.inGame[seat] && !s.passed[seat]) out.push(seat)
    return out
  }
  return []
}

/** Whether `seat` may declare 31 now (any moment of the game, or on their turn with `declareOnTurnOnly`). */
export function declareRefusal(s: BuraState, seat: number): RuleError | null {
  if (s.options.kozel) return refuse('bura.kozel-no-declare').error
  if (s.phase === 'over') return refuse('bura.nothing-to-declare').error
  if (!s.inGame[seat]) return refuse('bura.not-in-game').error
  if (s.phase === 'finalCall') {
    if (s.passed[seat]) return refuse('bura.already-passed').error
    if (s.callTurn !== null && s.callTurn !== seat) return refuse('bura.declare-on-turn').error
    return null
  }
  if (s.options.declareOnTurnOnly && trickTurn(s) !== seat) return refuse('bura.declare-on-turn').error
  return null
}

/** Every `k`-card subset of the hand, in hand order. */
function subsets(hand: readonly Card[], k: number, out: Card[][], from = 0, chosen: Card[] = []): void {
  if (chosen.length === k) {
    out.push(chosen.slice())
    return
  }
  for (let i = from; i <= hand.length - (k - chosen.length); i++) {
    chosen.push(hand[i]!)
    subsets(hand, k, out, i + 1, chosen)
    chosen.pop()
  }
}

/** The sizes a lead may have: Bura 1, 2 or 3 cards; Kozel 1 or 3 (never 2 or 4). */
export function leadSizes(o: BuraOptions): readonly number[] {
  return o.kozel ? KOZEL_LEADS : BURA_LEADS
}
const BURA_LEADS = [1, 2, 3]
const KOZEL_LEADS = [1, 3]

/** Every lead: one card, or (of the sizes the game allows) several cards of one suit. */
export function leadOptions(hand: readonly Card[], o: BuraOptions): Card[][] {
  const out: Card[][] = []
  for (const k of leadSizes(o)) {
    const all: Card[][] = []
    subsets(hand, k, all)
    for (const cards of all) if (allOneSuit(cards)) out.push(cards)
  }
  return out
}

/** Every answer: any `size` cards of the hand (no duty to follow suit or to beat). */
export function answerOptions(hand: readonly Card[], size: number): Card[][] {
  const out: Card[][] = []
  subsets(hand, size, out)
  return out
}

export function legalActions(s: BuraState, seat: number): BuraAction[] {
  if (s.phase === 'over' || !(seat >= 0 && seat < s.players) || !s.inGame[seat]) return NONE.slice()
  if (s.phase === 'finalCall') return declareRefusal(s, seat) ? [] : [DECLARE, PASS]
  if (trickTurn(s) !== seat) return s.options.declareOnTurnOnly || s.options.kozel ? [] : [DECLARE]
  const trick = s.trick!
  const hand = s.hands[seat]!
  const out: BuraAction[] = []
  if (trick.plays.length === 0) for (const cards of leadOptions(hand, s.options)) out.push({ type: 'play', cards })
  else {
    const front = trick.plays[trick.best]!.cards
    for (const cards of answerOptions(hand, trick.size)) {
      out.push({ type: 'play', cards })
      // Face-down play: a beating answer may deliberately lie face down (and then does not beat).
      if (s.options.faceDown && setBeats(cards, front, s.trump)) out.push({ type: 'play', cards, faceDown: true })
    }
  }
  if (!s.options.kozel) out.push(DECLARE)
  return out
}

/** Why laying `action`'s cards is not allowed now, or null when it is. */
export function playRefusal(s: BuraState, seat: number, cards: unknown, faceDown: unknown): RuleError | null {
  if (s.phase !== 'play') return refuse(s.options.kozel ? 'bura.all-played-kozel' : 'bura.all-played').error
  const turn = trickTurn(s)
  if (turn !== seat) return refuse('bura.not-your-turn', { seat: turn + 1 }).error
  if (!Array.isArray(cards) || cards.length < 1 || cards.length > 3) return refuse('bura.bad-cards').error
  const hand = s.hands[seat]!
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as Card
    if (typeof c !== 'string' || !hand.includes(c))
      return (
        typeof c !== 'string'
          ? refuse('bura.not-a-card')
          : /^[AKQJT2-9][SHDC]$/.test(c)
            ? refuse('bura.not-in-hand', { card: { cards: [c] } })
            : refuse('bura.not-in-hand-text', { text: c })
      ).error
    if (cards.indexOf(c) !== i) return refuse('bura.duplicate-card', { card: { cards: [c] } }).error
  }
  if (faceDown !== undefined && typeof faceDown !== 'boolean') return refuse('bura.bad-face-down').error
  if (faceDown === true && !s.options.faceDown) return refuse('bura.no-face-down').error
  const trick = s.trick!
  if (trick.plays.length === 0) {
    if (faceDown === true) return refuse('bura.lead-face-down').error
    if (s.options.kozel && !KOZEL_LEADS.includes(cards.length)) return refuse('bura.kozel-lead').error
    if (!allOneSuit(cards as Card[])) return refuse(s.options.kozel ? 'bura.kozel-lead' : 'bura.lead-mixed-suits').error
    return null
  }
  if (cards.length !== trick.size) return refuse('bura.wrong-count', { count: trick.size }).error
  return null
}
