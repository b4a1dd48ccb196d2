import { SUIT_NAME, suitSymbol, type Card } from '../../../games/core/cards.js'
import { BURA_RANKS } from '../../../games/bura/cards.js'
import type { BuraAction, BuraView, PlaySeen, TrickView } from '../../../games/bura/index.js'
import { chips, plural, sortHand } from '../../format.js'
import type { CardGroup, Face, HandScene, SeatBadge, TableScene } from '../scene.js'
import type { OwnSeatView, SpectatorView } from '../views.js'
import type { SeatNames } from './names.js'

const backs = (n: number): Face[] => Array.from({ length: n }, () => 'back' as const)

function playFaces(p: PlaySeen): Face[] {
  return p.cards ? sortHand(p.cards, BURA_RANKS) : backs(p.count)
}

/** The trick on the table: the one in progress, else the last one completed (with its winner). */
function trickGroups(v: BuraView, name: SeatNames): CardGroup[] {
  const current: TrickView | null = v.trick && v.trick.plays.length ? v.trick : null
  const shown = current ?? v.lastTrick
  if (!shown) return []
  const winner = current ? current.winning : v.lastTrick!.winner
  return shown.plays.map((p) => ({
    caption: `${name(p.seat)}${p.seat === winner ? (current ? ' ▲' : ' ✓') : ''}${p.faceDown ? ' (down)' : ''}`,
    faces: playFaces(p),
  }))
}

function trumpGroups(v: BuraView): CardGroup[] {
  return [
    { caption: v.trumpCardInPile ? 'Trump' : 'Trump (drawn)', faces: [v.trumpCard] },
    { caption: `Pile ${v.pileCount}`, faces: v.pileCount > 0 ? ['back'] : [] },
  ]
}

function subtitle(v: BuraView): string {
  return (
    `Trump ${suitSymbol(v.trump)} ${SUIT_NAME[v.trump]} · pot ${chips(v.pot)} · ` +
    `pile ${plural(v.pileCount, 'card')}`
  )
}

export function tableScene(v: SpectatorView<BuraView>, name: SeatNames): TableScene {
  const shownBy = v.result && 'cards' in v.result && 'winner' in v.result ? v.result : null
  const seats: SeatBadge[] = v.seats.map((s) => {
    const cards: Face[] = shownBy && shownBy.winner === s.seat ? shownBy.cards.slice() : backs(s.handCount)
    return {
      name: name(s.seat),
      line: s.inGame ? `${chips(s.stack)} · ${plural(s.tricks, 'trick')}` : `${chips(s.stack)} · sits out`,
      acting: v.waitingFor.includes(s.seat),
      dealer: v.dealer === s.seat,
      out: !s.inGame,
      cards,
    }
  })
  return {
    kind: 'table',
    title: `Bura · game ${v.gameNumber}`,
    subtitle: subtitle(v),
    centre: [...trumpGroups(v), ...trickGroups(v, name)],
    seats,
  }
}

/** Cards that some legal play uses: the ones to pull from the hand now. */
function playable(legal: readonly BuraAction[]): Set<Card> {
  const out = new Set<Card>()
  for (const a of legal) if (a.type === 'play') for (const c of a.cards) out.add(c)
  return out
}

export function handScene(v: OwnSeatView<BuraView>, legal: readonly BuraAction[], name: SeatNames): HandScene {
  const lit = playable(legal)
  const hand = sortHand(v.hand ?? [], BURA_RANKS).map((card) => ({ card, lit: lit.has(card) }))
  const turn = v.viewer !== null && v.waitingFor.includes(v.viewer)
  return {
    kind: 'hand',
    title: `Your hand · Bura game ${v.gameNumber}${turn ? ' · your move' : ''}`,
    subtitle: subtitle(v),
    hand,
    extra: trickGroups(v, name),
  }
}
