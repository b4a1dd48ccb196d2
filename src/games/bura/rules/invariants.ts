import type { Card } from '../../../core/cards.js'
import { fullDeck } from './cards.js'
import { handSize as fullHand } from './options.js'
import type { BuraState } from './types.js'

/** Broken invariants of a Bura state (cards or chips not conserved, impossible hands); [] when sound. */
export function invariants(s: BuraState): string[] {
  const out: string[] = []
  const deck = fullDeck(s.options.deck32)
  const seen = new Set<Card>()
  let count = 0
  const note = (c: Card) => {
    count++
    if (seen.has(c)) out.push(`${c} is in two places`)
    seen.add(c)
  }
  for (const h of s.hands) for (const c of h) note(c)
  for (const c of s.pile) note(c)
  for (const t of s.taken) for (const c of t) note(c)
  if (s.trick) for (const p of s.trick.plays) for (const c of p.cards) note(c)
  if (count !== deck.length) out.push(`${count} cards at the table, the deck has ${deck.length}`)
  for (const c of deck) if (!seen.has(c)) out.push(`${c} is missing`)
  if (s.pile.length > 0 && s.pile[s.pile.length - 1] !== s.trumpCard)
    out.push('the trump card is not the bottom of the pile')

  let chips = s.pot
  for (const st of s.stacks) {
    if (!Number.isSafeInteger(st) || st < 0) out.push(`a stack holds ${st}`)
    chips += st
  }
  if (!Number.isSafeInteger(s.pot) || s.pot < 0) out.push(`the pot holds ${s.pot}`)
  if (chips !== s.chipTotal) out.push(`stacks plus pot are ${chips}, the table holds ${s.chipTotal}`)
  let shares = 0
  for (const sh of s.potShares) {
    if (!Number.isSafeInteger(sh) || sh < 0) out.push(`a pot share is ${sh}`)
    shares += sh
  }
  if (shares !== s.pot) out.push(`pot shares add up to ${shares}, the pot holds ${s.pot}`)

  // Everyone in the game holds the same number of cards, counting those laid in the trick in progress.
  const size = s.trick?.size ?? 0
  let handSize = -1
  for (let seat = 0; seat < s.players; seat++) {
    const held = s.hands[seat]!.length
    if (!s.inGame[seat]) {
      if (held || s.taken[seat]!.length) out.push(`seat ${seat} sits out but has cards`)
      continue
    }
    const laid = s.trick?.plays.some((p) => p.seat === seat) ? size : 0
    if (handSize < 0) handSize = held + laid
    else if (held + laid !== handSize && s.phase !== 'over') out.push(`seat ${seat} holds ${held} cards, out of step`)
    if (held > fullHand(s.options)) out.push(`seat ${seat} holds ${held} cards`)
  }
  for (const t of [s.trick, s.lastTrick])
    if (t)
      for (const p of t.plays)
        if (p.cards.length !== t.size) out.push(`seat ${p.seat} laid ${p.cards.length} cards to a lead of ${t.size}`)
  if ((s.phase === 'over') !== (s.end !== null)) out.push(`phase ${s.phase} with end ${JSON.stringify(s.end)}`)
  if (s.phase === 'play' && !s.trick) out.push('play phase without a trick')
  if (s.options.kozel && s.phase === 'finalCall') out.push('Kozel has no final call')
  if (s.options.scoring !== 'games' && s.games.some((g) => g !== 0)) out.push('games won outside scoring "games"')
  return out
}
