import { isPermutationOf, type Card } from '../../../core/cards.js'
import { bugamiDeck, dealSizes } from './rules.js'
import { matchResult, scoreDeal } from './scoring.js'
import type { BugamiState } from './types.js'

/** Broken rules of the state itself (simulate and the property tests check these after every step). */
export function invariants(state: BugamiState): string[] {
  const out: string[] = []
  const n = state.players
  const full = bugamiDeck(state.options.jokers)
  const { handSize, leftovers } = dealSizes(full.length, n)

  const everywhere: Card[] = [...state.leftovers]
  for (const h of state.hands) everywhere.push(...h)
  for (const t of state.taken) everywhere.push(...t)
  if (state.phase === 'playing') everywhere.push(...state.trick)
  if (!isPermutationOf(everywhere, full))
    out.push(`cards are not each in exactly one place (${everywhere.length} placed, deck ${full.length})`)

  const done = state.tricks.reduce((a, b) => a + b, 0)
  const scored = state.phase === 'between' || state.phase === 'gameOver'
  state.hands.forEach((h, seat) => {
    let want = handSize - done
    if (state.phase === 'playing' && (seat - state.leader + n) % n < state.trick.length) want--
    if (h.length !== want) out.push(`seat ${seat} holds ${h.length} cards, expected ${want}`)
  })
  const takenCards = state.taken.reduce((a, t) => a + t.length, 0)
  if (takenCards !== done * n + (scored ? leftovers : 0))
    out.push(`tricks hold ${takenCards} cards after ${done} tricks`)
  if (state.leftovers.length !== (scored ? 0 : leftovers))
    out.push(`${state.leftovers.length} leftovers set aside, expected ${leftovers}`)
  if (state.phase !== 'bidding' && state.bids.some((b) => b === null)) out.push('play started before every seat bid')
  if (state.history.length !== state.deals)
    out.push(`${state.history.length} deals in the history, ${state.deals} counted`)
  state.totals.forEach((t, seat) => {
    const sum = state.history.reduce((a, d) => a + d[seat]!, 0)
    if (t !== sum) out.push(`seat ${seat} total ${t} is not the sum of its deal scores ${sum}`)
  })

  if (scored) {
    if (done !== handSize) out.push(`deal scored after ${done} of ${handSize} tricks`)
    const want = scoreDeal(state.bids, state.tricks, state.taken, handSize, state.options.shotgunWedding)
    if (want.some((s, i) => s !== state.scores[i]))
      out.push(`scores ${state.scores.join(',')} differ from the formula ${want.join(',')}`)
    const result = matchResult(state.totals, state.options.target)
    if (state.phase === 'gameOver' && result.winner !== state.winner)
      out.push(`seat ${state.winner} won but the totals say ${result.winner}`)
    if (state.phase === 'between' && result.winner !== null)
      out.push(`seat ${result.winner} has won but the match goes on`)
  }
  return out
}
