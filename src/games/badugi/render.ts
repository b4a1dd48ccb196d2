import type { APIButtonComponentWithCustomId, APIEmbedField, APIStringSelectComponent } from 'discord.js'
import { decideBadugi } from './ai.js'
import type { Card } from '../core/cards.js'
import type { BadugiAction, BadugiEvent, BadugiSeatView, BadugiView, LastAction, WagerRange } from './rules/index.js'
import { cardSelect, layout, moveButton, refreshButton } from '../../render/controls.js'
import { cardsText, cardText, chips, handText, listText, RANK_ORDER, sortHand } from '../../render/format.js'
import type { Lang } from '../../i18n/index.js'
import { handName, reasonText } from './words.js'
import { ButtonStyle } from '../../render/payload.js'
import type { GameResult, PrivateContext, PrivateParts, PublicParts, RenderContext } from '../../render/types.js'
import { badugiEngine, smallBlindFor } from './rules/index.js'
import { badugiRules } from './rules-pages.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from './scene.js'
import { defineGame, oneLineEach } from '../../render/game-module.js'

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

function phaseText(v: BadugiView, lang: Lang): string {
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

function potsText(v: BadugiView, lang: Lang): string {
  // Side pots matter once someone is all-in; before that the pots only mirror unequal bets.
  if (v.pots.length <= 1 || !v.seats.some((s) => s.status === 'allIn')) return chips(v.pot, lang)
  const pots = v.pots.map((p, i) =>
    i === 0 ? lang.t('table:badugi.pots.main', { n: p.amount }) : lang.t('table:badugi.pots.side', { i, n: p.amount }),
  )
  return `${chips(v.pot, lang)}: ${pots.join(', ')}`
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

type Bet = BadugiAction & { type: 'bet' | 'raise' }
type Note = 'min' | 'halfPot' | 'pot' | 'max'

/** Pot and no limit: the ends of the range plus half pot and pot, all within it. */
function presets(v: BadugiView, range: WagerRange, toCall: number): { amount: number; note: Note }[] {
  const afterCall = v.pot + toCall
  const candidates: { amount: number; note: Note }[] = [
    { amount: range.min, note: 'min' },
    { amount: v.currentBet + Math.floor(afterCall / 2), note: 'halfPot' },
    { amount: v.currentBet + afterCall, note: 'pot' },
    { amount: range.max, note: 'max' },
  ]
  const out: { amount: number; note: Note }[] = []
  for (const c of candidates) {
    if (c.amount < range.min || c.amount > range.max || out.some((o) => o.amount === c.amount)) continue
    out.push(c)
  }
  return out.sort((a, b) => a.amount - b.amount)
}

export function privateParts(v: BadugiView, legal: readonly BadugiAction[], ctx: PrivateContext): PrivateParts {
  const { lang, controls } = ctx
  const you = v.you!
  const me = v.seats[you.seat]!
  const lines = [handText(you.hand, RANK_ORDER.aceLow, lang)]
  if (you.handName)
    lines.push(
      you.counting.length < you.hand.length
        ? lang.t('table:badugi.private.valueCounting', {
            hand: handName(you.handName, lang),
            cards: cardsText(sortHand(you.counting, RANK_ORDER.aceLow), lang),
          })
        : lang.t('table:badugi.private.value', { hand: handName(you.handName, lang) }),
    )
  if (me.status === 'out') lines.push(lang.t(me.left ? 'table:badugi.private.left' : 'table:badugi.private.sitOut'))
  lines.push(lang.t('table:badugi.private.stack', { chips: chips(me.stack, lang), inPot: me.inPot, pot: v.pot }))
  const allIn = me.bet + me.stack
  const buttons: APIButtonComponentWithCustomId[] = []
  const selects: APIStringSelectComponent[] = []
  const has = (type: BadugiAction['type']) => legal.some((a) => a.type === type)

  if (has('fold'))
    buttons.push(moveButton(controls, { type: 'fold' }, lang.t('table:badugi.buttons.fold'), ButtonStyle.Danger))
  if (has('check'))
    buttons.push(moveButton(controls, { type: 'check' }, lang.t('table:badugi.buttons.check'), ButtonStyle.Secondary))
  if (has('call')) {
    const pay = Math.min(you.toCall, me.stack)
    const label = lang.t(pay >= me.stack ? 'table:badugi.buttons.callAllIn' : 'table:badugi.buttons.call', { n: pay })
    buttons.push(moveButton(controls, { type: 'call' }, label, ButtonStyle.Primary))
  }
  const wagers = legal.filter((a): a is Bet => a.type === 'bet' || a.type === 'raise')
  if (wagers.length && you.wager) {
    const kind = you.wager.kind
    const word = (to: number) => lang.t(`table:badugi.buttons.${to >= allIn ? 'allIn' : kind}`, { n: to })
    if (v.limit === 'fixed')
      buttons.push(moveButton(controls, { type: kind }, word(you.wager.min), ButtonStyle.Success))
    else
      for (const p of presets(v, you.wager, you.toCall)) {
        // A range of one amount is a single action, not a choice: no "(min)" beside it.
        const single = you.wager.min === you.wager.max
        const label =
          p.amount >= allIn || single
            ? word(p.amount)
            : lang.t('table:badugi.buttons.withNote', {
                label: word(p.amount),
                note: lang.t(`table:badugi.notes.${p.note}`),
              })
        buttons.push(moveButton(controls, { type: kind, amount: p.amount }, label, ButtonStyle.Success))
      }
  }
  const draws = legal.filter((a): a is BadugiAction & { type: 'draw' } => a.type === 'draw')
  const trailing: APIButtonComponentWithCustomId[] = []
  if (draws.length) {
    const hand = sortHand(you.hand, RANK_ORDER.aceLow)
    const discardable = hand.filter((c) => draws.some((d) => d.cards.length === 1 && d.cards[0] === c))
    if (discardable.length) {
      selects.push(
        cardSelect(
          lang,
          controls,
          { action: { type: 'draw' }, select: { field: 'cards', list: true } },
          discardable,
          lang.t('table:badugi.buttons.discard'),
          1,
          Math.min(4, discardable.length),
          (c: Card) =>
            lang.t(you.counting.includes(c) ? 'table:badugi.buttons.counts' : 'table:badugi.buttons.noCount'),
        ),
      )
    }
    const dead = hand.filter((c) => !you.counting.includes(c))
    if (
      dead.length > 0 &&
      draws.some((d) => d.cards.length === dead.length && dead.every((c) => d.cards.includes(c)))
    ) {
      buttons.push(
        moveButton(
          controls,
          { type: 'draw', cards: dead },
          lang.t('table:badugi.buttons.drawDead', { n: dead.length, cards: cardsText(dead, lang) }),
          ButtonStyle.Primary,
        ),
      )
    }
    if (draws.some((d) => d.cards.length === 0))
      buttons.push(
        moveButton(controls, { type: 'draw', cards: [] }, lang.t('table:badugi.buttons.standPat'), ButtonStyle.Success),
      )
  }
  trailing.push(refreshButton(controls, lang))

  if (v.phase === 'betting') {
    lines.push(
      '',
      you.yourTurn
        ? you.toCall
          ? lang.t('table:badugi.private.yourTurnCall', { n: you.toCall })
          : lang.t('table:badugi.private.yourTurnNoBet')
        : v.toAct !== null
          ? lang.t('table:badugi.private.waiting', { who: ctx.name(v.toAct) })
          : '',
    )
    if (v.limit === 'fixed' && v.raisesLeft !== null)
      lines.push(
        lang.t('table:badugi.private.fixedRound', {
          round: v.round,
          size: v.betSize,
          left: lang.t('table:badugi.private.betsLeft', { count: v.raisesLeft }),
        }),
      )
    else if (you.wager && you.wager.min < you.wager.max)
      lines.push(lang.t(`table:badugi.private.mayWager.${you.wager.kind}`, { min: you.wager.min, max: you.wager.max }))
  } else if (v.phase === 'drawing') {
    lines.push(
      '',
      you.yourTurn
        ? lang.t('table:badugi.private.yourDraw')
        : v.toAct !== null
          ? lang.t('table:badugi.private.waitingDraw', { who: ctx.name(v.toAct) })
          : '',
    )
  } else if (v.result) {
    lines.push(
      '',
      lang.t(v.result.winners.includes(you.seat) ? 'table:badugi.private.won' : 'table:badugi.private.over'),
    )
  }
  return {
    title: lang.t('table:badugi.private.title', { n: v.handNo, phase: phaseText(v, lang) }),
    description: lines.filter((l, i) => l !== '' || i === 0 || lines[i - 1] !== '').join('\n'),
    fields: [],
    rows: layout(buttons, selects, trailing),
  }
}

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

/**
 * The stakes a creator names follow each other as the server's stakes set them: a blind left out
 * follows the given one (the small blind is half the big one, at least 1; the big blind twice the
 * small one), and the fixed-limit bets follow the big blind (the small bet is the big blind, the
 * big bet twice it). Without blinds the server's stakes set all four.
 */
export function stakesFromBlinds(options: Record<string, unknown>): Record<string, unknown> {
  const { smallBlind, bigBlind } = options
  const big = typeof bigBlind === 'number' ? bigBlind : typeof smallBlind === 'number' ? 2 * smallBlind : null
  if (big === null) return options
  const small = typeof smallBlind === 'number' ? smallBlind : smallBlindFor(big)
  return { ...options, smallBlind: small, bigBlind: big, smallBet: big, bigBet: 2 * big }
}

export function turnAsk(v: BadugiView, seat: number, lang: Lang, count: number): string {
  if (v.phase === 'drawing') return lang.t('table:badugi.ask.draw', { count })
  const me = v.seats[seat]!
  const toCall = Math.min(v.currentBet - me.bet, me.stack)
  return toCall > 0 ? lang.t('table:badugi.ask.call', { n: toCall }) : lang.t('table:badugi.ask.checkOrBet')
}

export const badugiGame = defineGame({
  engine: badugiEngine,
  ai: decideBadugi,
  renderer: { publicParts, privateParts, eventLines: oneLineEach(eventLine), turnAsk },
  scenes,
  rules: badugiRules(ENGLISH),
  rulesIn: badugiRules,
  command: { hidden: ['smallBet', 'bigBet'], derive: stakesFromBlinds },
  optionLabels: {
    limit: (limit, _, lang) => lang.t(`table:badugi.options.limit.${limit}`),
    smallBlind: (n, _, lang) => lang.t('table:badugi.options.smallBlind', { n }),
    bigBlind: (n, _, lang) => lang.t('table:badugi.options.bigBlind', { n }),
    smallBet: (n, o, lang) => (o.limit === 'fixed' ? lang.t('table:badugi.options.smallBet', { n }) : null),
    bigBet: (n, o, lang) => (o.limit === 'fixed' ? lang.t('table:badugi.options.bigBet', { n }) : null),
    format: (format, _, lang) =>
      lang.t(format === 'freezeout' ? 'table:badugi.options.freezeout' : 'table:badugi.options.cash'),
  },
})
