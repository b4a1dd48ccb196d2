import type { BuraEvent } from './rules/index.js'
import { cardsText, cardText, chips, sortHand } from '../../render/format.js'
import type { RenderContext } from '../../render/types.js'
import { BURA_RANKS } from './rules/cards.js'
import { combination } from './render.js'

/** The public log lines of Bura's events. */

/**
 * A declaration and the pot it wins read as one line ("Carla declared 31 with 34 points — wins
 * 40 chips."); every other event is one line of its own.
 */
export function eventLines(events: readonly BuraEvent[], ctx: RenderContext): string[] {
  const out: string[] = []
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!
    if (e.type === 'declare' && e.correct) {
      const won = events
        .slice(i + 1)
        .find((x): x is BuraEvent & { type: 'potWon' } => x.type === 'potWon' && x.seat === e.seat)
      if (won) {
        out.push(
          ctx.lang.t('table:bura.events.declaredWins', {
            who: ctx.name(e.seat),
            points: e.declaredPoints,
            chips: chips(won.amount, ctx.lang),
          }),
        )
        events = events.filter((x) => x !== won)
        continue
      }
    }
    const line = eventLine(e, ctx)
    if (line) out.push(line)
  }
  return out
}

export function eventLine(e: BuraEvent, ctx: RenderContext): string | null {
  const { lang } = ctx
  switch (e.type) {
    case 'deal':
      return lang.t('table:bura.events.deal', { n: e.game, who: ctx.name(e.dealer), card: cardText(e.trumpCard, lang) })
    case 'redeal':
      // The engine's only redeal (its reason is English, for logs): a combination was dealt.
      return lang.t('table:bura.events.redeal')
    case 'sitOut':
      // The engine's only reason to sit out (in English, for logs): the ante cannot be paid.
      return lang.t('table:bura.events.sitOut', { who: ctx.name(e.seat), ante: ctx.options.ante })
    case 'combination':
      return lang.t('table:bura.events.combination', {
        who: ctx.name(e.seat),
        combination: combination(e.kind, lang),
        cards: cardsText(sortHand(e.cards, BURA_RANKS), lang),
      })
    case 'play': {
      const what = e.cards
        ? cardsText(sortHand(e.cards, BURA_RANKS), lang)
        : lang.t('table:bura.events.faceDown', { cards: lang.t('cards:count.card', { count: e.count }) })
      return lang.t(e.beats ? 'table:bura.events.playBeats' : 'table:bura.events.play', { who: ctx.name(e.seat), what })
    }
    case 'trick':
      return lang.t('table:bura.events.trick', { who: ctx.name(e.winner) })
    case 'draw': {
      if (e.rounds === 0) return null
      const left = lang.t('cards:count.card', { count: e.pileLeft })
      return e.trumpCardTo !== null
        ? lang.t('table:bura.events.drawTrump', { who: ctx.name(e.from), to: ctx.name(e.trumpCardTo), left })
        : lang.t('table:bura.events.draw', { who: ctx.name(e.from), left })
    }
    case 'finalCall':
      return lang.t('table:bura.events.finalCall')
    case 'declare':
      return lang.t(e.correct ? 'table:bura.events.declare' : 'table:bura.events.falseDeclare', {
        who: ctx.name(e.seat),
        points: e.declaredPoints,
      })
    case 'pass':
      return lang.t('table:bura.events.pass', { who: ctx.name(e.seat) })
    case 'potWon':
      return lang.t('table:bura.events.potWon', { who: ctx.name(e.seat), chips: chips(e.amount, lang) })
    case 'penalty':
      return lang.t('table:bura.events.penalty', { who: ctx.name(e.seat), count: e.points, total: e.total })
    case 'gameWon':
      return lang.t('table:bura.events.gameWon', { who: ctx.name(e.seat), total: e.total })
    case 'matchOver':
      return lang.t('table:bura.events.matchOver', { who: ctx.name(e.winner) })
    case 'gameOver':
      return e.winners.length ? null : lang.t('table:bura.events.noWinner')
    case 'chips':
      // Antes and pot wins have their own lines (deal, potWon); a false declaration's payment and
      // a closing table's refund do not.
      if (e.reason === 'falseDeclaration' && typeof e.from === 'object')
        return lang.t('table:bura.events.paid', { who: ctx.name(e.from.seat), chips: chips(e.amount, lang) })
      if (e.reason === 'refund' && typeof e.to === 'object')
        return lang.t('table:bura.events.refund', { who: ctx.name(e.to.seat), chips: chips(e.amount, lang) })
      return null
    default:
      return null
  }
}
