import type { Card } from '../../../core/cards.js'
import { bugsIn } from './rules.js'
import type { Bid } from './types.js'

/**
 * Who scores together this deal: each seat alone, or with Shotgun Wedding the seats that chose
 * the same bug suit (misère bidders always alone). Groups are listed by their first seat.
 */
export function scoringGroups(bids: readonly Bid[], shotgunWedding: boolean): number[][] {
  if (!shotgunWedding) return bids.map((_, seat) => [seat])
  const groups: number[][] = []
  const bySuit = new Map<string, number[]>()
  bids.forEach((bid, seat) => {
    if (!shotgunWedding || bid === 'misere') return void groups.push([seat])
    const g = bySuit.get(bid)
    if (g) g.push(seat)
    else {
      const fresh = [seat]
      bySuit.set(bid, fresh)
      groups.push(fresh)
    }
  })
  return groups
}

/** Partnerships of two or more seats (Shotgun Wedding), for views and events. */
export function partnerships(bids: readonly Bid[], shotgunWedding: boolean): number[][] {
  return shotgunWedding ? scoringGroups(bids, true).filter((g) => g.length > 1) : []
}

/** The normal lines of docs/rules/bugami.md for a player (or partnership) that did not bid misère and made no slam. */
export function lineScore(tricks: number, bugs: number): number {
  if (tricks === 0) return 30
  if (bugs === 0) return 20 * tricks
  return Math.floor((10 * tricks) / bugs)
}

export function misereScore(tricks: number): number {
  return tricks === 0 ? 100 : 0
}

export const SLAM_SCORE = 100

/**
 * One deal's scores (docs/rules/bugami.md, Bugami 4 and Shotgun Wedding). `taken` holds each seat's
 * trick cards (leftovers included), `tricks` their trick counts, `totalTricks` the deal's tricks.
 */
export function scoreDeal(
  bids: readonly Bid[],
  tricks: readonly number[],
  taken: readonly (readonly Card[])[],
  totalTricks: number,
  shotgunWedding: boolean,
): number[] {
  const scores = new Array<number>(bids.length).fill(0)
  const groups = scoringGroups(bids, shotgunWedding)
  const pooled = groups.map((g) => {
    const bid = bids[g[0]!]!
    let t = 0
    let b = 0
    for (const s of g) {
      t += tricks[s]!
      b += bugsIn(taken[s]!, bid)
    }
    return { seats: g, bid, tricks: t, bugs: b }
  })
  // A slam is a non-misère player or partnership taking every trick; a misère bidder who does gets 0 and no slam.
  const slam = pooled.find((p) => p.bid !== 'misere' && p.tricks === totalTricks)
  for (const p of pooled) {
    const score =
      p.bid === 'misere' ? misereScore(p.tricks) : slam ? (p === slam ? SLAM_SCORE : 0) : lineScore(p.tricks, p.bugs)
    for (const s of p.seats) scores[s] = score
  }
  return scores
}

/**
 * After a deal: the match winner, or null to deal again. The first to reach the target wins;
 * several at once: the highest total; a tie on the highest total: deal again.
 */
export function matchResult(totals: readonly number[], target: number): { winner: number | null; tiedAtTop: number[] } {
  const top = Math.max(...totals)
  if (top < target) return { winner: null, tiedAtTop: [] }
  const leaders = totals.flatMap((t, seat) => (t === top ? [seat] : []))
  return leaders.length === 1 ? { winner: leaders[0]!, tiedAtTop: [] } : { winner: null, tiedAtTop: leaders }
}
