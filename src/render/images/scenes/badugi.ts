import type { BadugiSeatView, BadugiView } from '../../../games/badugi/index.js'
import { chips, RANK_ORDER, sortHand } from '../../format.js'
import type { Face, HandScene, SeatBadge, TableScene } from '../scene.js'
import type { OwnSeatView, SpectatorView } from '../views.js'
import type { SeatNames } from './names.js'

const backs = (n: number): Face[] => Array.from({ length: n }, () => 'back' as const)

function phaseText(v: BadugiView): string {
  if (v.phase === 'betting') return `betting round ${v.round}`
  if (v.phase === 'drawing') return `draw ${v.round}`
  return 'hand over'
}

function seatLine(s: BadugiSeatView): string {
  const parts = [chips(s.stack)]
  if (s.bet > 0) parts.push(`bet ${s.bet}`)
  if (s.draws.length) parts.push(`drew ${s.draws.join('-')}`)
  if (s.status === 'folded') parts.push('folded')
  if (s.status === 'allIn') parts.push('all-in')
  return parts.join(' · ')
}

function subtitle(v: BadugiView): string {
  return `${v.limit} limit · blinds ${v.smallBlindSize}/${v.bigBlindSize} · ${phaseText(v)} · pot ${chips(v.pot)}`
}

export function tableScene(v: SpectatorView<BadugiView>, name: SeatNames): TableScene {
  const seats: SeatBadge[] = v.seats.map((s) => ({
    name: name(s.seat),
    line: seatLine(s),
    acting: v.toAct === s.seat,
    dealer: s.dealer,
    out: s.status === 'folded' || s.status === 'out' || s.left,
    cards: s.hand ? sortHand(s.hand, RANK_ORDER.aceLow) : backs(s.cards),
  }))
  return {
    kind: 'table',
    title: `Badugi · hand ${v.handNo}`,
    subtitle: subtitle(v),
    centre: [
      { caption: `Pot ${chips(v.pot)}`, faces: [] },
      { caption: `Deck ${v.pileCount}`, faces: v.pileCount > 0 ? ['back'] : [] },
    ],
    seats,
  }
}

/** The hand with the cards that count toward its value lit (the rest are the natural discards). */
export function handScene(v: OwnSeatView<BadugiView>, _legal: readonly unknown[], _name: SeatNames): HandScene {
  const you = v.you
  const counting = new Set(you?.counting ?? [])
  const hand = sortHand(you?.hand ?? [], RANK_ORDER.aceLow).map((card) => ({ card, lit: counting.has(card) }))
  const turn = you?.yourTurn ? ' · your move' : ''
  return {
    kind: 'hand',
    title: `Your hand · Badugi hand ${v.handNo}${turn}`,
    subtitle:
      `${you?.handName ?? 'no hand'}${you && you.toCall > 0 ? ` · ${you.toCall} to call` : ''} ` +
      `· ${phaseText(v)} · pot ${chips(v.pot)}`,
    hand,
    extra: [],
  }
}
