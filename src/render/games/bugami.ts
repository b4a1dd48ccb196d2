import type { APIEmbedField } from 'discord.js'
import { cardLabel, SUIT_NAME, SUITS, suitSymbol, type Suit } from '../../games/core/cards.js'
import type { Bid, BugamiAction, BugamiEvent, BugamiView, PlayedCard } from '../../games/bugami/index.js'
import { cardSelect, layout, moveButton, refreshButton } from '../controls.js'
import { handText, listText, plural, sortHand } from '../format.js'
import { ButtonStyle } from '../payload.js'
import type { GameResult, PrivateContext, PrivateParts, PublicParts, RenderContext } from '../types.js'
import { bugamiEngine } from '../../games/bugami/engine.js'
import { bugamiRules } from './bugami-rules.js'
import * as scenes from '../images/scenes/bugami.js'
import { defineGame, oneLineEach } from './module.js'

/** Bugami on Discord: bids stay secret until all are in, then they show for the whole deal. */

function bidText(bid: Bid): string {
  return bid === 'misere' ? 'Misère' : `${suitSymbol(bid)} ${SUIT_NAME[bid]}`
}

function trickText(cards: readonly PlayedCard[], ctx: RenderContext): string {
  return cards.map((p) => `${ctx.name(p.seat)} ${cardLabel(p.card)}`).join(' · ')
}

function seatLine(v: BugamiView, seat: number, ctx: RenderContext): string {
  const s = v.seats[seat]!
  const turn = ctx.live && (v.turn === seat || (v.phase === 'bidding' && !s.hasBid)) ? '▶ ' : ''
  const dealer = v.dealer === seat ? ' 🂠 dealer' : ''
  const bid = v.bidsRevealed && s.bid !== null ? `bid **${bidText(s.bid)}**` : s.hasBid ? 'has bid ✅' : 'bidding…'
  const play = v.bidsRevealed
    ? ` · ${plural(s.tricks, 'trick')}${s.bid !== 'misere' && s.bugs !== null ? ` · ${plural(s.bugs, 'bug')}` : ''}`
    : ''
  const score = s.score !== null ? ` · deal **${s.score}**` : ''
  return `${turn}${ctx.name(seat)}${dealer} — ${bid}${play}${score} · total **${s.total}**`
}

export function publicParts(v: BugamiView, ctx: RenderContext): PublicParts {
  const fields: APIEmbedField[] = []
  let status: string
  switch (v.phase) {
    case 'bidding':
      status = ctx.live
        ? `Deal ${v.deal} · **Secret bids**: waiting for ${listText(v.waitingFor.map(ctx.name))}. Press **Your hand** to bid.`
        : `Deal ${v.deal} · stopped during the bidding.`
      break
    case 'playing':
      status = ctx.live
        ? `Deal ${v.deal} · ▶ ${ctx.name(v.turn!)} to play${v.ledSuit ? ` (${suitSymbol(v.ledSuit as Suit)} led)` : ''}.`
        : `Deal ${v.deal} · stopped during the play.`
      break
    case 'between':
      status =
        v.tiedAtTop.length > 1
          ? `Deal ${v.deal} scored. ${listText(v.tiedAtTop.map(ctx.name))} tie at the top: another deal decides.`
          : `Deal ${v.deal} scored. The next deal follows.`
      break
    case 'gameOver':
      status = `Match over after ${plural(v.deal, 'deal')}.`
      break
  }
  if (v.phase === 'playing' && ctx.live) {
    const number = v.seats.reduce((sum, s) => sum + s.tricks, 0) + 1
    fields.push({
      name: `Trick ${number} of ${v.tricksPerDeal}`,
      value: v.trick.length ? trickText(v.trick, ctx) : `${ctx.name(v.turn!)} leads.`,
    })
  }
  if (v.lastTrick) {
    const left = v.lastTrick.leftovers.length ? ` (+ ${plural(v.lastTrick.leftovers.length, 'leftover')})` : ''
    // Mentions render in field values only, not in field names.
    fields.push({
      name: `Last trick (${v.lastTrick.number})`,
      value: `${trickText(v.lastTrick.cards, ctx)}${left}\nTaken by ${ctx.name(v.lastTrick.winner)}`,
    })
  }
  if (v.shotgunWedding && v.partnerships.some((p) => p.length > 1)) {
    fields.push({
      name: 'Shotgun Wedding partners',
      value: v.partnerships
        .filter((p) => p.length > 1)
        .map((p) => p.map(ctx.name).join(' + '))
        .join('\n'),
    })
  }
  const rules = [
    `Target ${v.target}`,
    v.jokers ? plural(v.jokers, 'joker') : null,
    v.shotgunWedding ? 'Shotgun Wedding' : null,
    v.leftoverCount ? `${plural(v.leftoverCount, 'leftover')} face down for the last trick` : null,
  ]
  fields.push({ name: 'Table', value: rules.filter(Boolean).join(' · ') })
  return { status, seatLines: v.seats.map((_, seat) => seatLine(v, seat, ctx)), fields, result: result(v, ctx) }
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

/**
 * A scored deal (and, after the last one, the match): each player's bid, tricks, bugs and points,
 * and the last trick. Everything in it is public once the deal is scored.
 */
function result(v: BugamiView, ctx: RenderContext): GameResult | null {
  if (v.phase !== 'between' && v.phase !== 'gameOver') return null
  const scores = v.seats.map((s) => `${ctx.name(s.seat)} ${signed(s.score ?? 0)}`).join(', ')
  const details = v.seats.map((s) => {
    const bugs = s.bid !== 'misere' && s.bugs !== null ? ` · ${plural(s.bugs, 'bug')}` : ''
    const bid = s.bid ? `bid ${bidText(s.bid)} · ` : ''
    return `${ctx.name(s.seat)} — ${bid}${plural(s.tricks, 'trick')}${bugs} · **${signed(s.score ?? 0)}** (total ${s.total})`
  })
  if (v.lastTrick) {
    const left = v.lastTrick.leftovers.length ? ` (+ ${plural(v.lastTrick.leftovers.length, 'leftover')})` : ''
    details.push(`Last trick: ${trickText(v.lastTrick.cards, ctx)}${left} — taken by ${ctx.name(v.lastTrick.winner)}`)
  }
  if (v.phase === 'gameOver' && v.winner !== null)
    return {
      headline: `🏆 ${ctx.name(v.winner)} wins the match with **${v.seats[v.winner]!.total}** points after ${plural(v.deal, 'deal')}.`,
      details: [`Deal ${v.deal}: ${scores}.`, ...details],
    }
  if (v.tiedAtTop.length > 1)
    details.push(`${listText(v.tiedAtTop.map(ctx.name))} tie at the top: another deal decides.`)
  return { headline: `Deal ${v.deal}: ${scores}.`, details }
}

export function privateParts(v: BugamiView, legal: readonly BugamiAction[], ctx: PrivateContext): PrivateParts {
  const seat = v.viewer!
  const lines: string[] = [handText(v.hand ?? [])]
  const fields: APIEmbedField[] = []
  const controls = ctx.controls
  const bidButtons = legal
    .filter((a): a is BugamiAction & { type: 'bid' } => a.type === 'bid')
    .map((a) => {
      const bid: Bid = 'misere' in a ? 'misere' : a.suit
      const mine = v.myBid === bid
      return moveButton(
        controls,
        { verb: 'bid', bid },
        `${bidText(bid)}${mine ? ' ✓' : ''}`,
        mine ? ButtonStyle.Success : ButtonStyle.Primary,
      )
    })
  // Stable order: the four suits, then misère.
  bidButtons.sort((a, b) => order(a.custom_id) - order(b.custom_id))
  const playable = sortHand(legal.flatMap((a) => (a.type === 'play' ? [a.card] : [])))
  const selects = playable.length
    ? [
        cardSelect(
          controls,
          { verb: 'play', cards: null },
          playable,
          playable.length === 1 ? 'Play your only legal card' : `Play a card (${playable.length} legal)`,
          1,
          1,
        ),
      ]
    : []

  if (v.phase === 'bidding') {
    lines.push('')
    lines.push(
      v.myBid === null
        ? '**Choose your bug suit or Misère.** Your bid stays secret until everyone has bid.'
        : `Your bid: **${bidText(v.myBid)}** (secret). You may change it until the last bid is in.`,
    )
    const still = v.waitingFor.filter((s) => s !== seat)
    if (still.length) lines.push(`Still bidding: ${listText(still.map(ctx.name))}.`)
  } else {
    const bid = v.seats[seat]!.bid
    if (bid)
      lines.push(
        '',
        `Your bid: **${bidText(bid)}** · ${plural(v.seats[seat]!.tricks, 'trick')}${bid !== 'misere' ? ` · ${plural(v.seats[seat]!.bugs ?? 0, 'bug')}` : ''}.`,
      )
    const partners = v.partnerships.find((p) => p.length > 1 && p.includes(seat))
    if (partners)
      lines.push(
        `Shotgun Wedding: you play with ${listText(partners.filter((p) => p !== seat).map(ctx.name))} this deal.`,
      )
    fields.push({
      name: 'Bids',
      value: v.seats.map((s) => `${ctx.name(s.seat)}: ${s.bid ? bidText(s.bid) : '—'}`).join('\n'),
    })
    if (v.phase === 'playing') {
      fields.push({ name: 'Trick in progress', value: v.trick.length ? trickText(v.trick, ctx) : 'No card yet.' })
      lines.push(
        v.turn === seat
          ? v.ledSuit
            ? `**Your turn.** Follow ${suitSymbol(v.ledSuit as Suit)} if you can.`
            : '**Your turn to lead.**'
          : `Waiting for ${ctx.name(v.turn!)}.`,
      )
    }
  }
  return {
    title: `Your hand — Bugami, deal ${v.deal}`,
    description: lines.join('\n'),
    fields,
    rows: layout(bidButtons, selects, [refreshButton(controls, ctx.lang)]),
  }
}

function order(customId: string): number {
  const last = customId.slice(customId.lastIndexOf(':') + 1)
  const i = SUITS.indexOf(last as Suit)
  return i >= 0 ? i : SUITS.length
}

export function eventLine(e: BugamiEvent, ctx: RenderContext): string | null {
  switch (e.type) {
    case 'dealt':
      return `Deal ${e.deal}: ${ctx.name(e.dealer)} deals ${e.handSize} cards each${e.leftovers ? `, ${plural(e.leftovers, 'leftover')} face down` : ''}.`
    case 'bidPlaced':
      return `${ctx.name(e.seat)} has bid.`
    case 'bidsRevealed':
      return `Bids revealed: ${e.bids.map((b, s) => `${ctx.name(s)} ${bidText(b)}`).join(', ')}.`
    case 'played':
      return `${ctx.name(e.seat)} played ${cardLabel(e.card)}.`
    case 'trickWon':
      return `${ctx.name(e.seat)} won trick ${e.trick}${e.leftovers.length ? ' and the leftovers' : ''}.`
    case 'dealScored':
      return `Deal ${e.deal} scored: ${e.scores.map((sc, s) => `${ctx.name(s)} ${sc}`).join(', ')}.`
    case 'gameWon':
      return `🏆 ${ctx.name(e.seat)} wins the match with ${e.totals[e.seat]} points.`
    default:
      return null
  }
}

export function turnAsk(v: BugamiView, seat: number): string {
  if (v.phase === 'bidding') return 'your bid'
  if (v.turn !== seat) return 'your move'
  if (!v.trick.length) return 'your lead'
  return v.ledSuit ? `your card (${suitSymbol(v.ledSuit as Suit)} led)` : 'your card'
}

export const bugamiGame = defineGame({
  engine: bugamiEngine,
  renderer: { publicParts, privateParts, eventLines: oneLineEach(eventLine), turnAsk },
  scenes,
  rules: bugamiRules,
  command: {
    description: 'Bugami: trick-taking with secret bug-suit bids (3-7 players, points)',
    choiceNames: { jokers: { 0: 'none', 1: 'one', 2: 'two' } },
  },
  optionLabels: {
    target: (points) => `target ${points} points`,
    jokers: (n) => (n ? plural(n, 'joker') : 'no jokers'),
    shotgunWedding: (on) => (on ? 'Shotgun Wedding' : null),
  },
})
