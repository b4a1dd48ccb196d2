import type { BugamiAction, BugamiView } from './rules/index.js'
import { sortHand } from '../../render/format.js'
import type { Lang } from '../../i18n/index.js'
import type { CardGroup, Face, HandScene, SeatBadge, TableScene } from '../../render/images/scene.js'
import type { OwnSeatView, SpectatorView } from '../../render/images/views.js'
import type { SeatNames } from '../../render/images/seat-names.js'

const backs = (n: number): Face[] => Array.from({ length: n }, () => 'back' as const)

/** The trick in progress, else the last trick taken (marked with its winner). */
function trickGroups(v: BugamiView, name: SeatNames): CardGroup[] {
  if (v.trick.length) return v.trick.map((p) => ({ caption: name(p.seat), faces: [p.card], seat: p.seat }))
  const last = v.lastTrick
  if (!last) return []
  return last.cards.map((p) => ({
    caption: `${name(p.seat)}${p.seat === last.winner ? ' ✓' : ''}`,
    faces: [p.card],
    seat: p.seat,
    winning: p.seat === last.winner,
  }))
}

function subtitle(v: BugamiView, lang: Lang): string {
  return lang.t('table:images.bugami.subtitle', {
    n: v.deal,
    target: v.target,
    phase:
      v.phase === 'bidding'
        ? lang.t('table:images.bugami.bidding')
        : lang.t('table:images.bugami.tricksADeal', { n: v.tricksPerDeal }),
  })
}

export function tableScene(v: SpectatorView<BugamiView>, name: SeatNames, lang: Lang): TableScene {
  const seats: SeatBadge[] = v.seats.map((s) => {
    const line = [
      lang.t('table:images.bugami.points', { count: s.total }),
      lang.t('cards:count.trick', { count: s.tricks }),
      ...(v.phase === 'bidding'
        ? [lang.t(s.hasBid ? 'table:images.bugami.hasBid' : 'table:images.bugami.bidding')]
        : []),
    ].join(' · ')
    return {
      name: name(s.seat),
      line,
      stack: null,
      note: line,
      acting: v.waitingFor.includes(s.seat),
      dealer: v.dealer === s.seat,
      out: false,
      cards: backs(s.handSize),
    }
  })
  return {
    kind: 'table',
    locale: lang.locale,
    title: 'Bugami',
    subtitle: subtitle(v, lang),
    centre: trickGroups(v, name),
    seats,
  }
}

export function handScene(
  v: OwnSeatView<BugamiView>,
  _legal: readonly BugamiAction[],
  name: SeatNames,
  lang: Lang,
): HandScene {
  const playable = new Set(v.playable)
  const hand = sortHand(v.hand ?? []).map((card) => ({ card, lit: playable.has(card) }))
  const turn = v.viewer !== null && v.waitingFor.includes(v.viewer)
  return {
    kind: 'hand',
    locale: lang.locale,
    title: lang.t(turn ? 'table:images.bugami.handTurn' : 'table:images.bugami.hand', { n: v.deal }),
    subtitle: subtitle(v, lang),
    hand,
    extra: trickGroups(v, name),
  }
}
