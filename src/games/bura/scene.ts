import { suitSymbol, type Card } from '../../core/cards.js'
import type { Lang } from '../../i18n/index.js'
import { BURA_RANKS } from './rules/cards.js'
import type { BuraAction, BuraView, PlaySeen, TrickView } from './rules/index.js'
import { chips, sortHand, suitName } from '../../render/format.js'
import type { CardGroup, Face, HandScene, SeatBadge, TableScene } from '../../render/images/scene.js'
import type { OwnSeatView, SpectatorView } from '../../render/images/views.js'
import type { SeatNames } from '../../render/images/seat-names.js'

const backs = (n: number): Face[] => Array.from({ length: n }, () => 'back' as const)

function playFaces(p: PlaySeen): Face[] {
  return p.cards ? sortHand(p.cards, BURA_RANKS) : backs(p.count)
}

/** The trick on the table: the one in progress, else the last one completed (with its winner). */
function trickGroups(v: BuraView, name: SeatNames, lang: Lang): CardGroup[] {
  const current: TrickView | null = v.trick && v.trick.plays.length ? v.trick : null
  const shown = current ?? v.lastTrick
  if (!shown) return []
  const winner = current ? current.winning : v.lastTrick!.winner
  return shown.plays.map((p) => {
    const mark = p.seat === winner ? (current ? ' ▲' : ' ✓') : ''
    const down = p.faceDown ? ` ${lang.t('table:images.bura.down')}` : ''
    return { caption: `${name(p.seat)}${mark}${down}`, faces: playFaces(p), seat: p.seat, winning: p.seat === winner }
  })
}

function trumpGroups(v: BuraView, lang: Lang): CardGroup[] {
  return [
    {
      caption: lang.t(v.trumpCardInPile ? 'table:images.bura.trump' : 'table:images.bura.trumpDrawn'),
      faces: [v.trumpCard],
    },
    { caption: lang.t('table:images.bura.pile', { n: v.pileCount }), faces: v.pileCount > 0 ? ['back'] : [] },
  ]
}

function subtitle(v: BuraView, lang: Lang): string {
  return lang.t('table:images.bura.subtitle', {
    suit: `${suitSymbol(v.trump)} ${suitName(v.trump, lang)}`,
    chips: chips(v.pot, lang),
    pile: lang.t('cards:count.card', { count: v.pileCount }),
  })
}

export function tableScene(v: SpectatorView<BuraView>, name: SeatNames, lang: Lang): TableScene {
  const shownBy = v.result && 'cards' in v.result && 'winner' in v.result ? v.result : null
  const seats: SeatBadge[] = v.seats.map((s) => {
    const cards: Face[] = shownBy && shownBy.winner === s.seat ? shownBy.cards.slice() : backs(s.handCount)
    const tricks = s.inGame ? lang.t('cards:count.trick', { count: s.tricks }) : lang.t('table:images.bura.sitsOut')
    return {
      name: name(s.seat),
      line: `${chips(s.stack, lang)} · ${tricks}`,
      stack: s.stack,
      note: tricks,
      acting: v.waitingFor.includes(s.seat),
      dealer: v.dealer === s.seat,
      out: !s.inGame,
      cards,
    }
  })
  return {
    kind: 'table',
    locale: lang.locale,
    title: lang.t('table:images.bura.title', { n: v.gameNumber }),
    subtitle: subtitle(v, lang),
    centre: [...trumpGroups(v, lang), ...trickGroups(v, name, lang)],
    seats,
  }
}

/** Cards that some legal play uses: the ones to pull from the hand now. */
function playable(legal: readonly BuraAction[]): Set<Card> {
  const out = new Set<Card>()
  for (const a of legal) if (a.type === 'play') for (const c of a.cards) out.add(c)
  return out
}

export function handScene(
  v: OwnSeatView<BuraView>,
  legal: readonly BuraAction[],
  name: SeatNames,
  lang: Lang,
): HandScene {
  const lit = playable(legal)
  const hand = sortHand(v.hand ?? [], BURA_RANKS).map((card) => ({ card, lit: lit.has(card) }))
  const turn = v.viewer !== null && v.waitingFor.includes(v.viewer)
  return {
    kind: 'hand',
    locale: lang.locale,
    title: lang.t(turn ? 'table:images.bura.handTurn' : 'table:images.bura.hand', { n: v.gameNumber }),
    subtitle: subtitle(v, lang),
    hand,
    extra: trickGroups(v, name, lang),
  }
}
