import type { BadugiEvent } from './rules/index.js'
import { cardText, chips, listText } from '../../render/format.js'
import { handName, reasonText } from './words.js'
import type { RenderContext } from '../../render/types.js'

/** The public log lines of Badugi's events. */

export function eventLine(e: BadugiEvent, ctx: RenderContext): string | null {
  const { lang } = ctx
  const allIn = 'allIn' in e && e.allIn ? 'AllIn' : ''
  switch (e.type) {
    case 'handStarted':
      return lang.t('table:badugi.events.handStarted', {
        n: e.handNo,
        who: ctx.name(e.dealer),
        players: lang.t('cards:count.player', { count: e.seats.length }),
      })
    case 'bettingRound':
      return e.skipped ? lang.t('table:badugi.events.bettingSkipped', { round: e.round }) : null
    case 'drawRound':
      return lang.t('table:badugi.events.drawRound', { n: e.draw })
    case 'fold':
      return lang.t('table:badugi.events.fold', { who: ctx.name(e.seat) })
    case 'check':
      return lang.t('table:badugi.events.check', { who: ctx.name(e.seat) })
    case 'call':
      return lang.t(`table:badugi.events.call${allIn}`, { who: ctx.name(e.seat), n: e.to })
    case 'bet':
      return lang.t(`table:badugi.events.bet${allIn}`, { who: ctx.name(e.seat), n: e.to })
    case 'raise':
      return lang.t(`table:badugi.events.raise${allIn}`, { who: ctx.name(e.seat), n: e.to })
    case 'draw':
      return e.count === 0
        ? lang.t('table:badugi.events.standPat', { who: ctx.name(e.seat) })
        : lang.t('table:badugi.events.drew', { who: ctx.name(e.seat), n: e.count })
    case 'reshuffle':
      return lang.t('table:badugi.events.reshuffle', { cards: lang.t('cards:count.card', { count: e.cards }) })
    case 'show':
      return lang.t('table:badugi.events.show', {
        who: ctx.name(e.seat),
        cards: e.cards.map((c) => cardText(c, lang)).join(' '),
        hand: handName(e.value, lang),
      })
    case 'handOver':
      return e.byFold
        ? lang.t('table:badugi.events.wonByFold', { who: listText(e.winners.map(ctx.name), 'and', lang) })
        : null
    case 'leave':
      return lang.t('table:badugi.events.leave', { who: ctx.name(e.seat), chips: chips(e.stack, lang) })
    case 'chips':
      if (e.from === 'pot' && typeof e.to === 'object') {
        const who = ctx.name(e.to.seat)
        if (e.reason === 'uncalled bet returned') return lang.t('table:badugi.events.uncalled', { who, n: e.amount })
        // A closing table hands the pot back: nobody won it.
        if (e.reason === 'refund') return lang.t('table:badugi.events.refund', { who, chips: chips(e.amount, lang) })
        return lang.t('table:badugi.events.wins', {
          who,
          chips: chips(e.amount, lang),
          reason: reasonText(e.reason, lang),
        })
      }
      if (typeof e.from === 'object' && e.reason.includes('blind'))
        return lang.t('table:badugi.events.posts', {
          who: ctx.name(e.from.seat),
          blind: reasonText(e.reason, lang),
          n: e.amount,
        })
      return null
    default:
      return null
  }
}
