import type { BugamiEvent } from './rules/index.js'
import { cardText } from '../../render/format.js'
import type { RenderContext } from '../../render/types.js'
import { bidText, leftovers } from './render.js'

/** The public log lines of Bugami's events. */

export function eventLine(e: BugamiEvent, ctx: RenderContext): string | null {
  const { lang } = ctx
  switch (e.type) {
    case 'dealt':
      return e.leftovers
        ? lang.t('table:bugami.events.dealtLeftovers', {
            n: e.deal,
            who: ctx.name(e.dealer),
            size: e.handSize,
            leftovers: leftovers(e.leftovers, lang),
          })
        : lang.t('table:bugami.events.dealt', { n: e.deal, who: ctx.name(e.dealer), size: e.handSize })
    case 'bidPlaced':
      return lang.t('table:bugami.events.bidPlaced', { who: ctx.name(e.seat) })
    case 'bidsRevealed':
      return lang.t('table:bugami.events.bidsRevealed', {
        bids: e.bids.map((b, s) => `${ctx.name(s)} ${bidText(b, lang)}`).join(', '),
      })
    case 'played':
      return lang.t('table:bugami.events.played', { who: ctx.name(e.seat), card: cardText(e.card, lang) })
    case 'trickWon':
      return lang.t(e.leftovers.length ? 'table:bugami.events.trickWonLeftovers' : 'table:bugami.events.trickWon', {
        who: ctx.name(e.seat),
        n: e.trick,
      })
    case 'dealScored':
      return lang.t('table:bugami.events.dealScored', {
        n: e.deal,
        scores: e.scores.map((sc, s) => `${ctx.name(s)} ${lang.number(sc)}`).join(', '),
      })
    case 'gameWon':
      return lang.t('table:bugami.events.gameWon', { who: ctx.name(e.seat), points: e.totals[e.seat] })
    default:
      return null
  }
}
