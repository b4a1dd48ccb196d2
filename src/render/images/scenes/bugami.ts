import type { BugamiAction, BugamiView } from '../../../games/bugami/index.js'
import { sortHand } from '../../format.js'
import type { CardGroup, Face, HandScene, SeatBadge, TableScene } from '../scene.js'
import type { OwnSeatView, SpectatorView } from '../views.js'
import type { SeatNames } from './names.js'

const backs = (n: number): Face[] => Array.from({ length: n }, () => 'back' as const)

/** The trick in progress, else the last trick taken (marked with its winner). */
function trickGroups(v: BugamiView, name: SeatNames): CardGroup[] {
  if (v.trick.length) return v.trick.map((p) => ({ caption: name(p.seat), faces: [p.card] }))
  const last = v.lastTrick
  if (!last) return []
  return last.cards.map((p) => ({ caption: `${name(p.seat)}${p.seat === last.winner ? ' ✓' : ''}`, faces: [p.card] }))
}

function subtitle(v: BugamiView): string {
  return (
    `Deal ${v.deal} · to ${v.target} points ` +
    `· ${v.phase === 'bidding' ? 'bidding' : `${v.tricksPerDeal} tricks a deal`}`
  )
}

export function tableScene(v: SpectatorView<BugamiView>, name: SeatNames): TableScene {
  const seats: SeatBadge[] = v.seats.map((s) => ({
    name: name(s.seat),
    line:
      `${s.total} points · ${s.tricks} ` +
      `tricks${v.phase === 'bidding' ? (s.hasBid ? ' · has bid' : ' · bidding') : ''}`,
    acting: v.waitingFor.includes(s.seat),
    dealer: v.dealer === s.seat,
    out: false,
    cards: backs(s.handSize),
  }))
  return { kind: 'table', title: 'Bugami', subtitle: subtitle(v), centre: trickGroups(v, name), seats }
}

export function handScene(v: OwnSeatView<BugamiView>, _legal: readonly BugamiAction[], name: SeatNames): HandScene {
  const playable = new Set(v.playable)
  const hand = sortHand(v.hand ?? []).map((card) => ({ card, lit: playable.has(card) }))
  const turn = v.viewer !== null && v.waitingFor.includes(v.viewer) ? ' · your move' : ''
  return {
    kind: 'hand',
    title: `Your hand · Bugami deal ${v.deal}${turn}`,
    subtitle: subtitle(v),
    hand,
    extra: trickGroups(v, name),
  }
}
