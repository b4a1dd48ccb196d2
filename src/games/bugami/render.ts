import type { APIEmbedField } from 'discord.js'
import { suitSymbol, type Suit } from '../../core/cards.js'
import type { Lang } from '../../i18n/index.js'
import type { Bid, BugamiView, PlayedCard } from './rules/index.js'
import { cardText, listText, suitName } from '../../render/format.js'
import type { GameResult, PublicParts, RenderContext } from '../../render/types.js'

/** Bugami on Discord: bids stay secret until all are in, then they show for the whole deal. */

export function bidText(bid: Bid, lang: Lang): string {
  return bid === 'misere' ? lang.t('table:bugami.misere') : `${suitSymbol(bid)} ${suitName(bid, lang)}`
}

export function trickText(cards: readonly PlayedCard[], ctx: RenderContext): string {
  return cards.map((p) => `${ctx.name(p.seat)} ${cardText(p.card, ctx.lang)}`).join(' · ')
}

export const tricks = (n: number, lang: Lang) => lang.t('cards:count.trick', { count: n })
export const bugs = (n: number, lang: Lang) => lang.t('table:bugami.bugs', { count: n })
export const leftovers = (n: number, lang: Lang) => lang.t('table:bugami.leftovers', { count: n })
const deals = (n: number, lang: Lang) => lang.t('table:bugami.deals', { count: n })

function seatLine(v: BugamiView, seat: number, ctx: RenderContext): string {
  const { lang } = ctx
  const s = v.seats[seat]!
  const turn = ctx.live && (v.turn === seat || (v.phase === 'bidding' && !s.hasBid)) ? '▶ ' : ''
  const dealer = v.dealer === seat ? ` 🂠 ${lang.t('table:bugami.dealer')}` : ''
  const parts = [
    v.bidsRevealed && s.bid !== null
      ? lang.t('table:bugami.seat.bid', { bid: bidText(s.bid, lang) })
      : lang.t(s.hasBid ? 'table:bugami.seat.hasBid' : 'table:bugami.seat.bidding'),
  ]
  if (v.bidsRevealed) {
    parts.push(tricks(s.tricks, lang))
    if (s.bid !== 'misere' && s.bugs !== null) parts.push(bugs(s.bugs, lang))
  }
  if (s.score !== null) parts.push(lang.t('table:bugami.seat.deal', { score: s.score }))
  parts.push(lang.t('table:bugami.seat.total', { total: s.total }))
  return `${turn}${ctx.name(seat)}${dealer} — ${parts.join(' · ')}`
}

export function publicParts(v: BugamiView, ctx: RenderContext): PublicParts {
  const { lang } = ctx
  const fields: APIEmbedField[] = []
  let status: string
  switch (v.phase) {
    case 'bidding':
      status = ctx.live
        ? lang.t('table:bugami.status.bidding', {
            n: v.deal,
            who: listText(v.waitingFor.map(ctx.name), 'and', lang),
            button: lang.t('table:buttons.yourHand'),
          })
        : lang.t('table:bugami.status.biddingStopped', { n: v.deal })
      break
    case 'playing':
      status = ctx.live
        ? v.ledSuit
          ? lang.t('table:bugami.status.playLed', {
              n: v.deal,
              who: ctx.name(v.turn!),
              suit: suitSymbol(v.ledSuit as Suit),
            })
          : lang.t('table:bugami.status.play', { n: v.deal, who: ctx.name(v.turn!) })
        : lang.t('table:bugami.status.playStopped', { n: v.deal })
      break
    case 'between':
      status =
        v.tiedAtTop.length > 1
          ? lang.t('table:bugami.status.scoredTie', {
              n: v.deal,
              who: listText(v.tiedAtTop.map(ctx.name), 'and', lang),
            })
          : lang.t('table:bugami.status.scored', { n: v.deal })
      break
    case 'gameOver':
      status = lang.t('table:bugami.status.over', { deals: deals(v.deal, lang) })
      break
  }
  if (v.phase === 'playing' && ctx.live) {
    const number = v.seats.reduce((sum, s) => sum + s.tricks, 0) + 1
    fields.push({
      name: lang.t('table:bugami.fields.trick', { n: number, of: v.tricksPerDeal }),
      value: v.trick.length ? trickText(v.trick, ctx) : lang.t('table:bugami.fields.leads', { who: ctx.name(v.turn!) }),
    })
  }
  if (v.lastTrick) {
    const left = v.lastTrick.leftovers.length ? ` (+ ${leftovers(v.lastTrick.leftovers.length, lang)})` : ''
    // Mentions render in field values only, not in field names.
    const takenBy = lang.t('table:bugami.fields.takenBy', { who: ctx.name(v.lastTrick.winner) })
    fields.push({
      name: lang.t('table:bugami.fields.lastTrick', { n: v.lastTrick.number }),
      value: `${trickText(v.lastTrick.cards, ctx)}${left}\n${takenBy}`,
    })
  }
  if (v.shotgunWedding && v.partnerships.some((p) => p.length > 1)) {
    fields.push({
      name: lang.t('table:bugami.fields.partners'),
      value: v.partnerships
        .filter((p) => p.length > 1)
        .map((p) => p.map(ctx.name).join(' + '))
        .join('\n'),
    })
  }
  const rules = [
    lang.t('table:bugami.fields.target', { n: v.target }),
    v.jokers ? lang.t('table:bugami.jokers', { count: v.jokers }) : null,
    v.shotgunWedding ? lang.t('table:bugami.shotgunWedding') : null,
    v.leftoverCount ? lang.t('table:bugami.fields.leftovers', { leftovers: leftovers(v.leftoverCount, lang) }) : null,
  ]
  fields.push({ name: lang.t('table:bugami.fields.table'), value: rules.filter(Boolean).join(' · ') })
  return { status, seatLines: v.seats.map((_, seat) => seatLine(v, seat, ctx)), fields, result: result(v, ctx) }
}

const signed = (n: number, lang: Lang) => (n > 0 ? `+${lang.number(n)}` : n < 0 ? `−${lang.number(-n)}` : '0')

/**
 * A scored deal (and, after the last one, the match): each player's bid, tricks, bugs and points,
 * and the last trick. Everything in it is public once the deal is scored.
 */
function result(v: BugamiView, ctx: RenderContext): GameResult | null {
  const { lang } = ctx
  if (v.phase !== 'between' && v.phase !== 'gameOver') return null
  const scores = v.seats.map((s) => `${ctx.name(s.seat)} ${signed(s.score ?? 0, lang)}`).join(', ')
  const details = v.seats.map((s) => {
    const parts = [
      ...(s.bid ? [lang.t('table:bugami.seat.bidPlain', { bid: bidText(s.bid, lang) })] : []),
      tricks(s.tricks, lang),
      ...(s.bid !== 'misere' && s.bugs !== null ? [bugs(s.bugs, lang)] : []),
      lang.t('table:bugami.result.score', { score: signed(s.score ?? 0, lang), total: s.total }),
    ]
    return `${ctx.name(s.seat)} — ${parts.join(' · ')}`
  })
  if (v.lastTrick) {
    const left = v.lastTrick.leftovers.length ? ` (+ ${leftovers(v.lastTrick.leftovers.length, lang)})` : ''
    details.push(
      lang.t('table:bugami.result.lastTrick', {
        trick: `${trickText(v.lastTrick.cards, ctx)}${left}`,
        who: ctx.name(v.lastTrick.winner),
      }),
    )
  }
  const scored = lang.t('table:bugami.result.deal', { n: v.deal, scores })
  if (v.phase === 'gameOver' && v.winner !== null)
    return {
      headline: lang.t('table:bugami.result.match', {
        who: ctx.name(v.winner),
        points: v.seats[v.winner]!.total,
        deals: deals(v.deal, lang),
      }),
      details: [scored, ...details],
    }
  if (v.tiedAtTop.length > 1)
    details.push(lang.t('table:bugami.result.tie', { who: listText(v.tiedAtTop.map(ctx.name), 'and', lang) }))
  return { headline: scored, details }
}

export function turnAsk(v: BugamiView, seat: number, lang: Lang, count: number): string {
  if (v.phase === 'bidding') return lang.t('table:bugami.ask.bid', { count })
  if (v.turn !== seat) return lang.t('table:bugami.ask.move', { count })
  if (!v.trick.length) return lang.t('table:bugami.ask.lead', { count })
  return v.ledSuit
    ? lang.t('table:bugami.ask.cardLed', { count, suit: suitSymbol(v.ledSuit as Suit) })
    : lang.t('table:bugami.ask.card', { count })
}
