import type { Card } from '../../../core/cards.js'
import { cardIndex } from './hand.js'
import { inHand, type BadugiState } from './types.js'

/** Broken invariants of a Badugi state (chips or cards not conserved, impossible seat states). */
export function invariants(s: BadugiState): string[] {
  const out: string[] = []
  let chips = 0
  for (let seat = 0; seat < s.players; seat++) {
    const stack = s.stacks[seat]!
    const c = s.committed[seat]!
    chips += stack + c
    if (stack < 0 || c < 0 || !Number.isInteger(stack) || !Number.isInteger(c))
      out.push(`seat ${seat}: chips ${stack} behind, ${c} in`)
    const st = s.status[seat]!
    const cards = s.hands[seat]!.length
    if (cards !== (inHand(st) ? 4 : 0)) out.push(`seat ${seat} (${st}) holds ${cards} cards`)
    if (st === 'allIn' && stack !== 0 && s.phase !== 'handOver')
      out.push(`seat ${seat} is all-in with ${stack} chips behind`)
    if (st === 'in' && stack === 0 && s.phase !== 'handOver') out.push(`seat ${seat} is in with no chips behind`)
    if (s.roundBets[seat]! > c) out.push(`seat ${seat} bet ${s.roundBets[seat]} this round but ${c} this hand`)
  }
  if (chips !== s.chips) out.push(`chips not conserved: ${chips} at the table, ${s.chips} expected`)
  // Each of the 52 cards exactly once across hands, pile and discards.
  const seen = new Uint8Array(52)
  let count = 0
  const tally = (cards: readonly Card[]) => {
    for (const c of cards) {
      count++
      const i = cardIndex(c)
      if (i < 0) out.push(`${c} is not a card of the deck`)
      else if (seen[i]) out.push(`card ${c} twice`)
      else seen[i] = 1
    }
  }
  for (const h of s.hands) tally(h)
  tally(s.pile)
  tally(s.discards)
  if (count !== 52) out.push(`cards not conserved: ${count} cards instead of 52`)
  if (s.phase === 'handOver') {
    if (s.toAct !== -1) out.push('a seat is to act after the hand ended')
    if (!s.result) out.push('the hand ended without a result')
  } else {
    if (s.toAct < 0 || !s.pending[s.toAct]) out.push(`seat ${s.toAct} is to act but not pending`)
    if (s.phase === 'betting' && s.toAct >= 0 && s.status[s.toAct] !== 'in')
      out.push(`seat ${s.toAct} bets while ${s.status[s.toAct]}`)
    if (s.phase === 'drawing' && s.toAct >= 0 && !inHand(s.status[s.toAct]!))
      out.push(`seat ${s.toAct} draws while ${s.status[s.toAct]}`)
    if (s.options.limit === 'fixed' && s.fullRaises > 4) out.push(`${s.fullRaises} bets and raises in one round`)
  }
  return out
}
