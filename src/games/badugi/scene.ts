import type { BadugiSeatView, BadugiView } from './rules/index.js'
import { chips, RANK_ORDER, sortHand } from '../../render/format.js'
import type { Lang } from '../../i18n/index.js'
import { handName } from './words.js'
import type { Face, HandScene, SeatBadge, TableScene } from '../../render/images/scene.js'
import type { OwnSeatView, SpectatorView } from '../../render/images/views.js'
import type { SeatNames } from '../../render/images/seat-names.js'

const backs = (n: number): Face[] => Array.from({ length: n }, () => 'back' as const)

function phaseText(v: BadugiView, lang: Lang): string {
  if (v.phase === 'betting') return lang.t('table:images.badugi.betting', { n: v.round })
  if (v.phase === 'drawing') return lang.t('table:images.badugi.drawing', { n: v.round })
  return lang.t('table:images.badugi.over')
}

/** What a seat did this hand: folded or all-in first (it matters most), its bet, its draws. */
function seatNote(s: BadugiSeatView, lang: Lang): string[] {
  const parts: string[] = []
  if (s.status === 'folded') parts.push(lang.t('table:images.badugi.folded'))
  if (s.status === 'allIn') parts.push(lang.t('table:images.badugi.allIn'))
  if (s.bet > 0) parts.push(lang.t('table:images.badugi.bet', { n: s.bet }))
  if (s.draws.length) parts.push(lang.t('table:images.badugi.drew', { draws: s.draws.join('-') }))
  return parts
}

function subtitle(v: BadugiView, lang: Lang): string {
  return lang.t('table:images.badugi.subtitle', {
    limit: lang.t(`table:badugi.options.limit.${v.limit}`),
    sb: v.smallBlindSize,
    bb: v.bigBlindSize,
    phase: phaseText(v, lang),
    chips: chips(v.pot, lang),
  })
}

export function tableScene(v: SpectatorView<BadugiView>, name: SeatNames, lang: Lang): TableScene {
  const seats: SeatBadge[] = v.seats.map((s) => ({
    name: name(s.seat),
    line: [chips(s.stack, lang), ...seatNote(s, lang)].join(' · '),
    stack: s.stack,
    note: seatNote(s, lang).join(' · '),
    acting: v.toAct === s.seat,
    dealer: s.dealer,
    out: s.status === 'folded' || s.status === 'out' || s.left,
    cards: s.hand ? sortHand(s.hand, RANK_ORDER.aceLow) : backs(s.cards),
  }))
  return {
    kind: 'table',
    locale: lang.locale,
    title: lang.t('table:images.badugi.title', { n: v.handNo }),
    subtitle: subtitle(v, lang),
    centre: [
      { caption: lang.t('table:images.badugi.pot', { chips: chips(v.pot, lang) }), faces: [] },
      { caption: lang.t('table:images.badugi.deck', { n: v.pileCount }), faces: v.pileCount > 0 ? ['back'] : [] },
    ],
    seats,
  }
}

/** The hand with the cards that count toward its value lit (the rest are the natural discards). */
export function handScene(
  v: OwnSeatView<BadugiView>,
  _legal: readonly unknown[],
  _name: SeatNames,
  lang: Lang,
): HandScene {
  const you = v.you
  const counting = new Set(you?.counting ?? [])
  const hand = sortHand(you?.hand ?? [], RANK_ORDER.aceLow).map((card) => ({ card, lit: counting.has(card) }))
  const value = you?.handName ? handName(you.handName, lang) : lang.t('table:images.badugi.noHand')
  const parts = [
    value,
    ...(you && you.toCall > 0 ? [lang.t('table:badugi.ask.call', { n: you.toCall })] : []),
    phaseText(v, lang),
    lang.t('table:images.badugi.potLower', { chips: chips(v.pot, lang) }),
  ]
  return {
    kind: 'hand',
    locale: lang.locale,
    title: lang.t(you?.yourTurn ? 'table:images.badugi.handTurn' : 'table:images.badugi.hand', { n: v.handNo }),
    subtitle: parts.join(' · '),
    hand,
    extra: [],
  }
}
