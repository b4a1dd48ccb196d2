import type { APIEmbedField } from 'discord.js'
import type { BadugiSeatView, BadugiView, LastAction, LevelClock } from './rules/index.js'
import { cardsText, chips, RANK_ORDER, sortHand } from '../../render/format.js'
import type { Lang } from '../../i18n/index.js'
import { handName } from './words.js'
import type { GameResult, PublicParts, RenderContext } from '../../render/types.js'

/** Badugi on Discord: a cash table; amounts are "raise to" as the engine counts them. */

function lastActionText(a: LastAction, lang: Lang): string {
  const allIn = 'allIn' in a && a.allIn ? 'AllIn' : ''
  switch (a.type) {
    case 'blind':
      return lang.t(`table:badugi.last.blind${allIn}`, { n: a.amount })
    case 'fold':
      return lang.t('table:badugi.last.fold')
    case 'check':
      return lang.t('table:badugi.last.check')
    case 'call':
      return lang.t(`table:badugi.last.call${allIn}`, { n: a.to })
    case 'bet':
      return lang.t(`table:badugi.last.bet${allIn}`, { n: a.to })
    case 'raise':
      return lang.t(`table:badugi.last.raise${allIn}`, { n: a.to })
    case 'draw':
      return a.count === 0 ? lang.t('table:badugi.last.standPat') : lang.t('table:badugi.last.drew', { n: a.count })
  }
}

export function phaseText(v: BadugiView, lang: Lang): string {
  if (v.phase === 'betting') return lang.t('table:badugi.phase.betting', { round: v.round })
  if (v.phase === 'drawing') return lang.t('table:badugi.phase.drawing', { round: v.round })
  return lang.t('table:badugi.phase.over')
}

function seatLine(v: BadugiView, s: BadugiSeatView, ctx: RenderContext): string {
  const { lang } = ctx
  const acting = ctx.live && v.toAct === s.seat ? '▶ ' : ''
  const tags = [s.dealer ? 'D' : null, s.smallBlind ? 'SB' : null, s.bigBlind ? 'BB' : null].filter(Boolean).join('/')
  const parts = [chips(s.stack, lang)]
  if (s.status === 'out') parts.push(lang.t(s.left ? 'table:badugi.seat.left' : 'table:badugi.seat.sittingOut'))
  else {
    if (s.status === 'folded') parts.push(lang.t('table:badugi.seat.folded'))
    if (s.status === 'allIn') parts.push(lang.t('table:badugi.seat.allIn'))
    if (s.bet > 0 && v.phase !== 'handOver') parts.push(lang.t('table:badugi.seat.bet', { n: s.bet }))
    if (s.draws.length) parts.push(lang.t('table:badugi.seat.draws', { draws: s.draws.join('/') }))
    if (s.lastAction && s.status !== 'folded') parts.push(`_${lastActionText(s.lastAction, lang)}_`)
    if (s.hand && s.handName)
      parts.push(
        lang.t('table:badugi.seat.shows', {
          cards: cardsText(sortHand(s.hand, RANK_ORDER.aceLow), lang),
          hand: handName(s.handName, lang),
        }),
      )
  }
  return `${acting}${ctx.name(s.seat)}${tags ? ` [${tags}]` : ''} — ${parts.join(' · ')}`
}

export function potsText(v: BadugiView, lang: Lang): string {
  // Side pots matter once someone is all-in; before that the pots only mirror unequal bets.
  if (v.pots.length <= 1 || !v.seats.some((s) => s.status === 'allIn')) return chips(v.pot, lang)
  const pots = v.pots.map((p, i) =>
    i === 0 ? lang.t('table:badugi.pots.main', { n: p.amount }) : lang.t('table:badugi.pots.side', { i, n: p.amount }),
  )
  return `${chips(v.pot, lang)}: ${pots.join(', ')}`
}

/** A tournament's level, its blinds now and next, and the hands until the next level. */
function levelLine(c: LevelClock, lang: Lang): string {
  const now = { level: c.now.level, small: c.now.smallBlind, big: c.now.bigBlind }
  if (!c.next) return lang.t('table:badugi.tournament.lastLevel', now)
  const next = { nextSmall: c.next.smallBlind, nextBig: c.next.bigBlind }
  return lang.t('table:badugi.tournament.level', { ...now, ...next, count: c.handsLeft + 1 })
}

export function publicParts(v: BadugiView, ctx: RenderContext): PublicParts {
  const { lang } = ctx
  const sizes = {
    limit: lang.t(`table:badugi.limit.${v.limit}`),
    sb: v.smallBlindSize,
    bb: v.bigBlindSize,
    size: v.betSize,
  }
  const stakes =
    v.betSize !== null && v.phase === 'betting'
      ? lang.t('table:badugi.status.stakesBetSize', sizes)
      : lang.t('table:badugi.status.stakes', sizes)
  let status = lang.t('table:badugi.status.hand', { n: v.handNo, phase: phaseText(v, lang), stakes })
  if (v.tournament) status += `\n${levelLine(v.tournament, lang)}`
  if (v.toAct !== null && ctx.live) {
    const owe = Math.max(0, v.currentBet - v.seats[v.toAct]!.bet)
    const who = ctx.name(v.toAct)
    status += `\n${
      v.phase === 'drawing'
        ? lang.t('table:badugi.status.draw', { who })
        : owe > 0
          ? lang.t('table:badugi.status.call', { who, owe })
          : lang.t('table:badugi.status.act', { who })
    }`
  }
  const fields: APIEmbedField[] = []
  if (v.phase !== 'handOver')
    fields.push({ name: lang.t('table:badugi.fields.pot'), value: potsText(v, lang), inline: true })
  if (v.phase === 'betting' && v.currentBet > 0)
    fields.push({ name: lang.t('table:badugi.fields.toMatch'), value: lang.number(v.currentBet), inline: true })
  return { status, seatLines: v.seats.map((s) => seatLine(v, s, ctx)), fields, result: result(v, ctx) }
}

/**
 * A finished hand: each pot with its own winners ("main pot 36 → @alice with K-3-2-A badugi;
 * side pot 12 → @dave"), the hands shown at the showdown (never a folded one), the stacks after.
 */
function result(v: BadugiView, ctx: RenderContext): GameResult | null {
  const { lang } = ctx
  const r = v.result
  if (!r) return null
  const winner = (seat: number, amount: number | null) => {
    const hand = r.handNames[seat]
    const who =
      amount === null ? ctx.name(seat) : lang.t('table:badugi.result.share', { who: ctx.name(seat), n: amount })
    return hand ? lang.t('table:badugi.result.with', { who, hand: handName(hand, lang) }) : who
  }
  const pots = r.pots.map((p, i) => {
    const name =
      r.pots.length === 1
        ? lang.t('table:badugi.result.pot')
        : i === 0
          ? lang.t('table:badugi.result.mainPot')
          : r.pots.length === 2
            ? lang.t('table:badugi.result.sidePot')
            : lang.t('table:badugi.result.sidePotN', { i })
    if (p.winners.length === 0) return lang.t('table:badugi.result.returned', { name, n: p.amount })
    if (p.winners.length === 1)
      return lang.t('table:badugi.result.won', { name, n: p.amount, who: winner(p.winners[0]!, null) })
    const shares = p.winners.map((w, k) => winner(w, p.shares[k]!))
    return lang.t('table:badugi.result.split', { name, n: p.amount, shares: shares.join(', ') })
  })
  const details = v.seats.map((s) => {
    const parts = [`${ctx.name(s.seat)} — ${chips(s.stack, lang)}`]
    if (s.status === 'folded') parts.push(lang.t('table:badugi.result.folded'))
    else if (s.status === 'out') parts.push(lang.t('table:badugi.result.satOut'))
    if (s.hand && s.handName)
      parts.push(lang.t('table:badugi.result.showed', { cards: cardsText(sortHand(s.hand, RANK_ORDER.aceLow), lang) }))
    return parts.join(' · ')
  })
  const headline = lang.t(r.byFold ? 'table:badugi.result.headlineByFold' : 'table:badugi.result.headline', {
    n: v.handNo,
    pots: pots.join('; '),
  })
  return { headline, details }
}

export function turnAsk(v: BadugiView, seat: number, lang: Lang, count: number): string {
  if (v.phase === 'drawing') return lang.t('table:badugi.ask.draw', { count })
  const me = v.seats[seat]!
  const toCall = Math.min(v.currentBet - me.bet, me.stack)
  return toCall > 0 ? lang.t('table:badugi.ask.call', { n: toCall }) : lang.t('table:badugi.ask.checkOrBet')
}
