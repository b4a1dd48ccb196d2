import type { APIButtonComponentWithCustomId, APIEmbedField, APIStringSelectComponent } from 'discord.js'
import { cardLabel, type Card } from '../../games/core/cards.js'
import type {
  BadugiAction,
  BadugiEvent,
  BadugiSeatView,
  BadugiView,
  LastAction,
  WagerRange,
} from '../../games/badugi/index.js'
import { cardSelect, layout, moveButton, refreshButton } from '../controls.js'
import { cardsText, chips, handText, listText, plural, RANK_ORDER, sortHand } from '../format.js'
import { ButtonStyle } from '../payload.js'
import type { GameResult, PrivateContext, PrivateParts, PublicParts, RenderContext } from '../types.js'
import { badugiEngine } from '../../games/badugi/engine.js'
import { badugiRules } from './badugi-rules.js'
import * as scenes from '../images/scenes/badugi.js'
import { defineGame, oneLineEach } from './module.js'

/** Badugi on Discord: a cash table; amounts are "raise to" as the engine counts them. */

const LIMIT_NAME = { fixed: 'Fixed limit', pot: 'Pot limit', no: 'No limit' } as const

function lastActionText(a: LastAction): string {
  switch (a.type) {
    case 'blind':
      return `blind ${a.amount}${a.allIn ? ' (all-in)' : ''}`
    case 'fold':
      return 'folded'
    case 'check':
      return 'checked'
    case 'call':
      return `called${a.allIn ? ' all-in' : ''} ${a.to}`
    case 'bet':
      return `bet ${a.to}${a.allIn ? ' (all-in)' : ''}`
    case 'raise':
      return `raised to ${a.to}${a.allIn ? ' (all-in)' : ''}`
    case 'draw':
      return a.count === 0 ? 'stood pat' : `drew ${a.count}`
  }
}

function phaseText(v: BadugiView): string {
  if (v.phase === 'betting') return `Betting round ${v.round} of 4`
  if (v.phase === 'drawing') return `Draw ${v.round} of 3`
  return 'Hand over'
}

function seatLine(v: BadugiView, s: BadugiSeatView, ctx: RenderContext): string {
  const acting = ctx.live && v.toAct === s.seat ? '▶ ' : ''
  const tags = [s.dealer ? 'D' : null, s.smallBlind ? 'SB' : null, s.bigBlind ? 'BB' : null].filter(Boolean).join('/')
  const parts = [chips(s.stack)]
  if (s.status === 'out') parts.push(s.left ? 'left the table' : 'sitting out')
  else {
    if (s.status === 'folded') parts.push('folded')
    if (s.status === 'allIn') parts.push('**all-in**')
    if (s.bet > 0 && v.phase !== 'handOver') parts.push(`bet ${s.bet}`)
    if (s.draws.length) parts.push(`draws ${s.draws.join('/')}`)
    if (s.lastAction && s.status !== 'folded') parts.push(`_${lastActionText(s.lastAction)}_`)
    if (s.hand && s.handName) parts.push(`shows ${cardsText(sortHand(s.hand, RANK_ORDER.aceLow))} (${s.handName})`)
  }
  return `${acting}${ctx.name(s.seat)}${tags ? ` [${tags}]` : ''} — ${parts.join(' · ')}`
}

function potsText(v: BadugiView): string {
  // Side pots matter once someone is all-in; before that the pots only mirror unequal bets.
  if (v.pots.length <= 1 || !v.seats.some((s) => s.status === 'allIn')) return chips(v.pot)
  return `${chips(v.pot)}: ${v.pots.map((p, i) => `${i === 0 ? 'main' : `side ${i}`} ${p.amount}`).join(', ')}`
}

export function publicParts(v: BadugiView, ctx: RenderContext): PublicParts {
  const stakes =
    `${LIMIT_NAME[v.limit]} · ` +
    `blinds ${v.smallBlindSize}/${v.bigBlindSize}${v.betSize !== null && v.phase === 'betting' ? ` · bet size ${v.betSize}` : ''}`
  let status = `Hand ${v.handNo} · ${phaseText(v)} · ${stakes}`
  if (v.toAct !== null && ctx.live) {
    const owe = Math.max(0, v.currentBet - v.seats[v.toAct]!.bet)
    status +=
      `\n▶ ${ctx.name(v.toAct)} ` + `to ${v.phase === 'drawing' ? 'draw' : owe > 0 ? `act (${owe} to call)` : 'act'}.`
  }
  const fields: APIEmbedField[] = []
  if (v.phase !== 'handOver') fields.push({ name: 'Pot', value: potsText(v), inline: true })
  if (v.phase === 'betting' && v.currentBet > 0)
    fields.push({ name: 'Bet to match', value: String(v.currentBet), inline: true })
  return { status, seatLines: v.seats.map((s) => seatLine(v, s, ctx)), fields, result: result(v, ctx) }
}

/**
 * A finished hand: each pot with its own winners ("main pot 36 → @alice with K-3-2-A badugi;
 * side pot 12 → @dave"), the hands shown at the showdown (never a folded one), the stacks after.
 */
function result(v: BadugiView, ctx: RenderContext): GameResult | null {
  const r = v.result
  if (!r) return null
  const withHand = (seat: number) => (r.handNames[seat] ? ` with ${r.handNames[seat]}` : '')
  const pots = r.pots.map((p, i) => {
    const name = r.pots.length === 1 ? 'pot' : i === 0 ? 'main pot' : r.pots.length === 2 ? 'side pot' : `side pot ${i}`
    if (p.winners.length === 0) return `${name} ${p.amount} returned`
    if (p.winners.length === 1) return `${name} ${p.amount} → ${ctx.name(p.winners[0]!)}${withHand(p.winners[0]!)}`
    const shares = p.winners.map((w, k) => `${ctx.name(w)} ${p.shares[k]}${withHand(w)}`)
    return `${name} ${p.amount} split → ${shares.join(', ')}`
  })
  const details = v.seats.map((s) => {
    const shown = s.hand && s.handName ? ` · showed ${cardsText(sortHand(s.hand, RANK_ORDER.aceLow))}` : ''
    const how = s.status === 'folded' ? ' · folded' : s.status === 'out' ? ' · sat out' : ''
    return `${ctx.name(s.seat)} — ${chips(s.stack)}${how}${shown}`
  })
  const why = r.byFold ? ' (everyone else folded)' : ''
  return { headline: `Hand ${v.handNo}: ${pots.join('; ')}${why}.`, details }
}

type Bet = BadugiAction & { type: 'bet' | 'raise' }

/** Pot and no limit: the ends of the range plus half pot and pot, all within it. */
function presets(v: BadugiView, range: WagerRange, toCall: number): { amount: number; note: string }[] {
  const afterCall = v.pot + toCall
  const candidates = [
    { amount: range.min, note: 'min' },
    { amount: v.currentBet + Math.floor(afterCall / 2), note: '½ pot' },
    { amount: v.currentBet + afterCall, note: 'pot' },
    { amount: range.max, note: 'max' },
  ]
  const out: { amount: number; note: string }[] = []
  for (const c of candidates) {
    if (c.amount < range.min || c.amount > range.max || out.some((o) => o.amount === c.amount)) continue
    out.push(c)
  }
  return out.sort((a, b) => a.amount - b.amount)
}

export function privateParts(v: BadugiView, legal: readonly BadugiAction[], ctx: PrivateContext): PrivateParts {
  const controls = ctx.controls
  const you = v.you!
  const me = v.seats[you.seat]!
  const lines = [handText(you.hand, RANK_ORDER.aceLow)]
  if (you.handName)
    lines.push(
      `Value: **${you.handName}**${you.counting.length < you.hand.length ? ` (counting ${cardsText(sortHand(you.counting, RANK_ORDER.aceLow))})` : ''}`,
    )
  if (me.status === 'out')
    lines.push(me.left ? 'You have left the table.' : 'You sit this hand out: you have no chips at the table.')
  lines.push(`Stack ${chips(me.stack)} · in the pot this hand ${me.inPot} · pot ${v.pot}`)
  const allIn = me.bet + me.stack
  const buttons: APIButtonComponentWithCustomId[] = []
  const selects: APIStringSelectComponent[] = []
  const has = (type: BadugiAction['type']) => legal.some((a) => a.type === type)

  if (has('fold')) buttons.push(moveButton(controls, { verb: 'fold' }, 'Fold', ButtonStyle.Danger))
  if (has('check')) buttons.push(moveButton(controls, { verb: 'check' }, 'Check', ButtonStyle.Secondary))
  if (has('call')) {
    const pay = Math.min(you.toCall, me.stack)
    buttons.push(
      moveButton(
        controls,
        { verb: 'call' },
        pay >= me.stack ? `Call ${pay} (all-in)` : `Call ${pay}`,
        ButtonStyle.Primary,
      ),
    )
  }
  const wagers = legal.filter((a): a is Bet => a.type === 'bet' || a.type === 'raise')
  if (wagers.length && you.wager) {
    const kind = you.wager.kind
    const word = (to: number) => (to >= allIn ? `All-in ${to}` : kind === 'bet' ? `Bet ${to}` : `Raise to ${to}`)
    if (v.limit === 'fixed')
      buttons.push(moveButton(controls, { verb: kind, amount: null }, word(you.wager.min), ButtonStyle.Success))
    else
      for (const p of presets(v, you.wager, you.toCall)) {
        // A range of one amount is a single action, not a choice: no "(min)" beside it.
        const single = you.wager.min === you.wager.max
        const label = p.amount >= allIn || single ? word(p.amount) : `${word(p.amount)} (${p.note})`
        buttons.push(moveButton(controls, { verb: kind, amount: p.amount }, label, ButtonStyle.Success))
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
          controls,
          { verb: 'draw', cards: null },
          discardable,
          'Discard and draw (pick 1-4 cards)',
          1,
          Math.min(4, discardable.length),
          (c: Card) => (you.counting.includes(c) ? 'counts in your hand' : 'does not count'),
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
          { verb: 'draw', cards: dead },
          `Draw ${dead.length}: ${cardsText(dead)}`,
          ButtonStyle.Primary,
        ),
      )
    }
    if (draws.some((d) => d.cards.length === 0))
      buttons.push(moveButton(controls, { verb: 'draw', cards: [] }, 'Stand pat', ButtonStyle.Success))
  }
  trailing.push(refreshButton(controls, ctx.lang))

  if (v.phase === 'betting') {
    lines.push(
      '',
      you.yourTurn
        ? `**Your turn**${you.toCall ? `: ${you.toCall} to call` : ': nobody has bet'}.`
        : v.toAct !== null
          ? `Waiting for ${ctx.name(v.toAct)}.`
          : '',
    )
    if (v.limit === 'fixed' && v.raisesLeft !== null)
      lines.push(
        `Round ${v.round}: bets of ${v.betSize}; ${plural(v.raisesLeft, 'bet or raise', 'bets or raises')} left.`,
      )
    else if (you.wager && you.wager.min < you.wager.max)
      lines.push(`You may ${you.wager.kind} to any amount from ${you.wager.min} to ${you.wager.max}.`)
  } else if (v.phase === 'drawing') {
    lines.push(
      '',
      you.yourTurn
        ? '**Your draw**: pick the cards to throw away (0-4), or stand pat.'
        : v.toAct !== null
          ? `Waiting for ${ctx.name(v.toAct)} to draw.`
          : '',
    )
  } else if (v.result) {
    lines.push('', v.result.winners.includes(you.seat) ? '🏆 You won this hand.' : 'This hand is over.')
  }
  const title = `Your hand — Badugi, hand ${v.handNo} · ${phaseText(v)}`
  return {
    title,
    description: lines.filter((l, i) => l !== '' || i === 0 || lines[i - 1] !== '').join('\n'),
    fields: [],
    rows: layout(buttons, selects, trailing),
  }
}

export function eventLine(e: BadugiEvent, ctx: RenderContext): string | null {
  switch (e.type) {
    case 'handStarted':
      return `Hand ${e.handNo}: ${ctx.name(e.dealer)} deals to ${plural(e.seats.length, 'player')}.`
    case 'bettingRound':
      return e.skipped ? `Betting round ${e.round} skipped (nobody left to bet).` : null
    case 'drawRound':
      return `Draw ${e.draw}.`
    case 'fold':
      return `${ctx.name(e.seat)} folded.`
    case 'check':
      return `${ctx.name(e.seat)} checked.`
    case 'call':
      return `${ctx.name(e.seat)} called ${e.to}${e.allIn ? ' (all-in)' : ''}.`
    case 'bet':
      return `${ctx.name(e.seat)} bet ${e.to}${e.allIn ? ' (all-in)' : ''}.`
    case 'raise':
      return `${ctx.name(e.seat)} raised to ${e.to}${e.allIn ? ' (all-in)' : ''}.`
    case 'draw':
      return e.count === 0 ? `${ctx.name(e.seat)} stood pat.` : `${ctx.name(e.seat)} drew ${e.count}.`
    case 'reshuffle':
      return `The discards were shuffled into a new pile (${plural(e.cards, 'card')}).`
    case 'show':
      return `${ctx.name(e.seat)} shows ${e.cards.map(cardLabel).join(' ')}: ${e.value}.`
    case 'handOver':
      return e.byFold ? `${listText(e.winners.map(ctx.name))} wins: everyone else folded.` : null
    case 'leave':
      return `${ctx.name(e.seat)} stood up with ${chips(e.stack)}.`
    case 'chips':
      if (e.from === 'pot' && typeof e.to === 'object') {
        if (e.reason === 'uncalled bet returned') return `${ctx.name(e.to.seat)} takes back an uncalled ${e.amount}.`
        // A closing table hands the pot back: nobody won it.
        if (e.reason === 'refund') return `${ctx.name(e.to.seat)} gets ${chips(e.amount)} back (refund).`
        return `${ctx.name(e.to.seat)} wins ${chips(e.amount)} (${e.reason}).`
      }
      if (typeof e.from === 'object' && e.reason.includes('blind'))
        return `${ctx.name(e.from.seat)} posts the ${e.reason} (${e.amount}).`
      return null
    default:
      return null
  }
}

/** Fixed-limit bets follow the big blind as usual: the small bet is the big blind, the big bet twice it. */
export function betsFromBlinds(options: Record<string, unknown>): Record<string, unknown> {
  const bigBlind = options.bigBlind
  return typeof bigBlind === 'number' ? { ...options, smallBet: bigBlind, bigBet: 2 * bigBlind } : options
}

export function turnAsk(v: BadugiView, seat: number): string {
  if (v.phase === 'drawing') return 'your draw'
  const me = v.seats[seat]!
  const toCall = Math.min(v.currentBet - me.bet, me.stack)
  return toCall > 0 ? `${toCall} to call` : 'check or bet'
}

export const badugiGame = defineGame({
  engine: badugiEngine,
  renderer: { publicParts, privateParts, eventLines: oneLineEach(eventLine), turnAsk },
  scenes,
  stakesName: 'big blind',
  rules: badugiRules,
  command: {
    description: 'Badugi: lowball draw poker for chips (2-8 players)',
    hidden: ['smallBet', 'bigBet'],
    choiceNames: { limit: { fixed: 'fixed limit', pot: 'pot limit', no: 'no limit' } },
    derive: betsFromBlinds,
  },
  optionLabels: {
    limit: (limit) => LIMIT_NAME[limit].toLowerCase(),
    smallBlind: (n) => `small blind ${n}`,
    bigBlind: (n) => `big blind ${n}`,
    smallBet: (n, o) => (o.limit === 'fixed' ? `small bet ${n}` : null),
    bigBet: (n, o) => (o.limit === 'fixed' ? `big bet ${n}` : null),
    format: (format) => (format === 'freezeout' ? 'freeze-out' : 'cash table'),
  },
})
