import type { APIEmbedField } from 'discord.js'
import { decideBugami } from './ai.js'
import { SUITS, suitSymbol, type Suit } from '../core/cards.js'
import type { Lang } from '../../i18n/index.js'
import type { Bid, BugamiAction, BugamiEvent, BugamiView, PlayedCard } from './rules/index.js'
import { cardSelect, layout, moveButton, refreshButton } from '../../render/controls.js'
import { cardText, handText, listText, sortHand, suitName } from '../../render/format.js'
import { ButtonStyle } from '../../render/payload.js'
import type { GameResult, PrivateContext, PrivateParts, PublicParts, RenderContext } from '../../render/types.js'
import { bugamiEngine } from './rules/engine.js'
import { bugamiRules } from './rules-pages.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from './scene.js'
import { defineGame, oneLineEach } from '../../render/game-module.js'

/** Bugami on Discord: bids stay secret until all are in, then they show for the whole deal. */

function bidText(bid: Bid, lang: Lang): string {
  return bid === 'misere' ? lang.t('table:bugami.misere') : `${suitSymbol(bid)} ${suitName(bid, lang)}`
}

function trickText(cards: readonly PlayedCard[], ctx: RenderContext): string {
  return cards.map((p) => `${ctx.name(p.seat)} ${cardText(p.card, ctx.lang)}`).join(' · ')
}

const tricks = (n: number, lang: Lang) => lang.t('cards:count.trick', { count: n })
const bugs = (n: number, lang: Lang) => lang.t('table:bugami.bugs', { count: n })
const leftovers = (n: number, lang: Lang) => lang.t('table:bugami.leftovers', { count: n })
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

export function privateParts(v: BugamiView, legal: readonly BugamiAction[], ctx: PrivateContext): PrivateParts {
  const { lang, controls } = ctx
  const seat = v.viewer!
  const lines: string[] = [handText(v.hand ?? [], undefined, lang)]
  const fields: APIEmbedField[] = []
  // Stable order: the four suits, then misère.
  const bids = legal.flatMap((a) => (a.type === 'bid' ? [a] : [])).sort((a, b) => bidOrder(a) - bidOrder(b))
  const bidButtons = bids.map((a) => {
    const bid: Bid = 'misere' in a ? 'misere' : a.suit
    const mine = v.myBid === bid
    return moveButton(
      controls,
      a,
      `${bidText(bid, lang)}${mine ? ' ✓' : ''}`,
      mine ? ButtonStyle.Success : ButtonStyle.Primary,
    )
  })
  const playable = sortHand(legal.flatMap((a) => (a.type === 'play' ? [a.card] : [])))
  const selects = playable.length
    ? [
        cardSelect(
          lang,
          controls,
          { action: { type: 'play' }, select: { field: 'card', list: false } },
          playable,
          playable.length === 1
            ? lang.t('table:bugami.private.onlyCard')
            : lang.t('table:bugami.private.playCard', { n: playable.length }),
          1,
          1,
        ),
      ]
    : []

  if (v.phase === 'bidding') {
    lines.push('')
    lines.push(
      v.myBid === null
        ? lang.t('table:bugami.private.choose')
        : lang.t('table:bugami.private.yourBidSecret', { bid: bidText(v.myBid, lang) }),
    )
    const still = v.waitingFor.filter((s) => s !== seat)
    if (still.length)
      lines.push(lang.t('table:bugami.private.stillBidding', { who: listText(still.map(ctx.name), 'and', lang) }))
  } else {
    const me = v.seats[seat]!
    if (me.bid)
      lines.push(
        '',
        lang.t('table:bugami.private.yourBid', {
          bid: bidText(me.bid, lang),
          score: [tricks(me.tricks, lang), ...(me.bid !== 'misere' ? [bugs(me.bugs ?? 0, lang)] : [])].join(' · '),
        }),
      )
    const partners = v.partnerships.find((p) => p.length > 1 && p.includes(seat))
    if (partners)
      lines.push(
        lang.t('table:bugami.private.partners', {
          who: listText(partners.filter((p) => p !== seat).map(ctx.name), 'and', lang),
        }),
      )
    fields.push({
      name: lang.t('table:bugami.fields.bids'),
      value: v.seats.map((s) => `${ctx.name(s.seat)}: ${s.bid ? bidText(s.bid, lang) : '—'}`).join('\n'),
    })
    if (v.phase === 'playing') {
      fields.push({
        name: lang.t('table:bugami.fields.trickInProgress'),
        value: v.trick.length ? trickText(v.trick, ctx) : lang.t('table:bugami.fields.noCard'),
      })
      lines.push(
        v.turn === seat
          ? v.ledSuit
            ? lang.t('table:bugami.private.follow', { suit: suitSymbol(v.ledSuit as Suit) })
            : lang.t('table:bugami.private.lead')
          : lang.t('table:bugami.private.waiting', { who: ctx.name(v.turn!) }),
      )
    }
  }
  return {
    title: lang.t('table:bugami.private.title', { n: v.deal }),
    description: lines.join('\n'),
    fields,
    rows: layout(bidButtons, selects, [refreshButton(controls, lang)]),
  }
}

function bidOrder(a: BugamiAction & { type: 'bid' }): number {
  return 'misere' in a ? SUITS.length : SUITS.indexOf(a.suit)
}

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

export function turnAsk(v: BugamiView, seat: number, lang: Lang, count: number): string {
  if (v.phase === 'bidding') return lang.t('table:bugami.ask.bid', { count })
  if (v.turn !== seat) return lang.t('table:bugami.ask.move', { count })
  if (!v.trick.length) return lang.t('table:bugami.ask.lead', { count })
  return v.ledSuit
    ? lang.t('table:bugami.ask.cardLed', { count, suit: suitSymbol(v.ledSuit as Suit) })
    : lang.t('table:bugami.ask.card', { count })
}

export const bugamiGame = defineGame({
  engine: bugamiEngine,
  ai: decideBugami,
  renderer: { publicParts, privateParts, eventLines: oneLineEach(eventLine), turnAsk },
  scenes,
  rules: bugamiRules(ENGLISH),
  rulesIn: bugamiRules,
  command: {},
  optionLabels: {
    target: (points, _, lang) => lang.t('table:bugami.options.target', { n: points }),
    jokers: (n, _, lang) => (n ? lang.t('table:bugami.jokers', { count: n }) : lang.t('table:bugami.options.noJokers')),
    shotgunWedding: (on, _, lang) => (on ? lang.t('table:bugami.shotgunWedding') : null),
  },
})
