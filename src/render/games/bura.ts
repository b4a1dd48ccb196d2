import type { APIButtonComponentWithCustomId, APIEmbedField, APIStringSelectComponent } from 'discord.js'
import { decideBura } from '../../ai/bura.js'
import { cardLabel, SUIT_NAME, suitSymbol, type Card } from '../../games/core/cards.js'
import {
  COMBINATION_NAME,
  type BuraAction,
  type BuraEvent,
  type BuraView,
  type PlaySeen,
  type ResultView,
} from '../../games/bura/index.js'
import { askButton, cardSelect, layout, moveButton, refreshButton } from '../controls.js'
import { cardsText, chips, handText, listText, plural, sortHand } from '../format.js'
import { ButtonStyle } from '../payload.js'
import type { GameResult, PrivateContext, PrivateParts, PublicParts, RenderContext } from '../types.js'
import { BURA_RANKS } from '../../games/bura/cards.js'
import { buraEngine } from '../../games/bura/engine.js'
import { PENALTY_PER_LOSS } from '../../games/bura/options.js'
import { buraRules } from './bura-rules.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from '../images/scenes/bura.js'
import { defineGame } from './module.js'

/**
 * Bura on Discord. Counting in your head: points and the cards of taken tricks appear only when
 * the view carries them (the `showCounts` option); trick counts are public (the piles lie on the
 * table), points never are.
 */

function playText(p: PlaySeen, ctx: RenderContext): string {
  const cards = p.cards ? cardsText(sortHand(p.cards, BURA_RANKS)) : plural(p.count, 'card')
  return `${ctx.name(p.seat)} ${cards}${p.faceDown ? ' (face down)' : ''}`
}

function trickValue(plays: readonly PlaySeen[], winning: number | null, ctx: RenderContext): string {
  const text = plays.map((p) => playText(p, ctx)).join(' · ')
  return winning !== null ? `${text}\nIn front: ${ctx.name(winning)}` : text
}

/** What a won game brings, by how the table plays: the pot, a game won, or penalty points for the others. */
const PRIZE = { chips: 'the pot', games: 'a game', points: 'the game' } as const

/** What a false declaration costs the declarer, by how the table plays. */
function falseCost(r: ResultView & { reason: 'falseDeclaration' }, v: BuraView): string {
  if (v.options.scoring === 'chips') return ` and paid ${chips(r.paid)} into the pot, which stays for the next game`
  if (v.options.scoring === 'games') return ', so every other player wins a game'
  return ` and takes ${PENALTY_PER_LOSS} penalty points`
}

function resultText(r: ResultView, v: BuraView, ctx: RenderContext): string {
  const prize = PRIZE[v.options.scoring]
  const stays = v.options.scoring === 'chips' ? 'the pot stays and ' : ''
  switch (r.reason) {
    case 'bura':
    case 'moscow':
    case 'threeAces':
    case 'fourAces':
      return `🏆 ${ctx.name(r.winner)} holds ${COMBINATION_NAME[r.reason]} (${cardsText(r.cards)}) and wins ${prize}.`
    case 'buraTrick':
      return `🏆 ${ctx.name(r.winner)} wins the trick of Buras and ${prize}.`
    case 'declared':
      return `🏆 ${ctx.name(r.winner)} declared 31 with **${r.declaredPoints}** points and wins ${prize}.`
    case 'falseDeclaration':
      return `${ctx.name(r.declarer)} declared with only **${r.declaredPoints}** points${falseCost(r, v)}.`
    case 'allPassed':
      return `Everybody passed: nobody wins, ${stays}the same dealer deals again.`
    case 'mostPoints':
      return `🏆 ${ctx.name(r.winner)} has the most card points (**${r.points[r.winner]}**) and wins ${prize}.`
    case 'pointsTie':
      return `A tie for the most card points (**${Math.max(...r.points)}**): nobody wins, ${stays}the same dealer deals again.`
  }
}

function seatLine(v: BuraView, seat: number, ctx: RenderContext): string {
  const s = v.seats[seat]!
  const acting = ctx.live && v.waitingFor.includes(seat) ? '▶ ' : ''
  const dealer = v.dealer === seat ? ' 🂠 dealer' : ''
  if (!s.inGame) return `${ctx.name(seat)}${dealer} — sits this game out · ${chips(s.stack)}`
  const parts = [chips(s.stack), plural(s.tricks, 'trick')]
  if (s.points !== undefined)
    parts.push(`**${s.points}** points${s.unseenTaken ? ` (+${plural(s.unseenTaken, 'card')} face down)` : ''}`)
  if (s.penalty !== undefined) parts.push(`${s.penalty} penalty`)
  if (s.games !== undefined) parts.push(plural(s.games, 'game') + ' won')
  if (v.phase === 'finalCall' && s.passed) parts.push('passed')
  return `${acting}${ctx.name(seat)}${dealer} — ${parts.join(' · ')}`
}

function trumpText(v: BuraView, ctx: RenderContext): string {
  const where = v.trumpCardInPile
    ? 'at the bottom of the pile'
    : v.trumpCardDrawnBy !== null
      ? `drawn by ${ctx.name(v.trumpCardDrawnBy)}`
      : 'drawn'
  return `Trump **${suitSymbol(v.trump)} ${SUIT_NAME[v.trump]}** (${cardLabel(v.trumpCard)} ${where}) · pile ${plural(v.pileCount, 'card')}`
}

export function publicParts(v: BuraView, ctx: RenderContext): PublicParts {
  const fields: APIEmbedField[] = [{ name: 'Pot', value: chips(v.pot), inline: true }]
  let status = `Game ${v.gameNumber} · ${trumpText(v, ctx)}`
  if (!ctx.live) {
    if (v.phase !== 'over') status += '\nThe game was stopped when the table closed.'
  } else if (v.phase === 'play' && v.turn !== null) {
    const leading = !v.trick || v.trick.plays.length === 0
    status += `\n▶ ${ctx.name(v.turn)} to ${leading ? 'lead' : `answer with ${plural(v.trick.size, 'card')}`}.`
  } else if (v.phase === 'finalCall') {
    status += `\n**Final call**: declare 31 or pass. Waiting for ${listText(v.waitingFor.map(ctx.name))}.`
  }
  if (v.trick && v.trick.plays.length) {
    const combo = v.trick.combination ? ` — ${COMBINATION_NAME[v.trick.combination]}` : ''
    fields.push({ name: `Trick in progress${combo}`, value: trickValue(v.trick.plays, v.trick.winning, ctx) })
  }
  if (v.lastTrick)
    fields.push({
      name: 'Last trick',
      value: `${v.lastTrick.plays.map((p) => playText(p, ctx)).join(' · ')}\nTaken by ${ctx.name(v.lastTrick.winner)}`,
    })
  if (v.result?.revealed) {
    const r = v.result.revealed
    fields.push({
      name: 'Tricks turned over',
      value: `${ctx.name(r.seat)}: ${cardsText(sortHand(r.cards, BURA_RANKS))}`.slice(0, 1024),
    })
  }
  return { status, seatLines: v.seats.map((_, seat) => seatLine(v, seat, ctx)), fields, result: result(v, ctx) }
}

/** A finished game: who won what and why, each player's tricks and chips, who deals next. */
function result(v: BuraView, ctx: RenderContext): GameResult | null {
  if (!v.result) return null
  const details = v.seats.flatMap((s, seat) => (s.inGame ? [seatLine(v, seat, ctx)] : []))
  if (v.result.revealed)
    details.push(
      `Tricks turned over: ${ctx.name(v.result.revealed.seat)} ${cardsText(sortHand(v.result.revealed.cards, BURA_RANKS))}`,
    )
  if (ctx.live) details.push(`${ctx.name(v.result.nextDealer)} deals the next game.`)
  return { headline: `Game ${v.gameNumber}: ${resultText(v.result, v, ctx)}`, details }
}

type Play = BuraAction & { type: 'play' }

function sameSets(a: readonly (readonly Card[])[], b: readonly (readonly Card[])[]): boolean {
  const key = (cards: readonly Card[]) => cards.slice().sort().join('.')
  const x = new Set(a.map(key))
  return x.size === b.length && b.every((c) => x.has(key(c))) && a.length === b.length
}

function kSubsets(hand: readonly Card[], k: number): Card[][] {
  const out: Card[][] = []
  const go = (start: number, acc: Card[]) => {
    if (acc.length === k) return void out.push(acc.slice())
    for (let i = start; i < hand.length; i++) go(i + 1, [...acc, hand[i]!])
  }
  go(0, [])
  return out
}

export function privateParts(v: BuraView, legal: readonly BuraAction[], ctx: PrivateContext): PrivateParts {
  const controls = ctx.controls
  const seat = v.viewer!
  const hand = sortHand(v.hand ?? [], BURA_RANKS)
  const lines = [handText(hand, BURA_RANKS), '', trumpText(v, ctx)]
  const me = v.seats[seat]
  if (me && !me.inGame)
    lines.push('You sit this game out (not enough chips for the ante); you are dealt in again when you can pay it.')
  else if (me && me.points !== undefined)
    lines.push(`Your tricks: ${plural(me.tricks, 'trick')}, **${me.points}** points.`)
  else if (me) lines.push(`Your tricks: ${plural(me.tricks, 'trick')} (keep the count in your head).`)

  const plays = legal.filter((a): a is Play => a.type === 'play')
  const faceUp = plays.filter((a) => !a.faceDown)
  const faceDown = plays.filter((a) => a.faceDown)
  const buttons: APIButtonComponentWithCustomId[] = []
  const selects: APIStringSelectComponent[] = []
  const answering = v.trick !== null && v.trick.plays.length > 0
  const size = answering ? v.trick.size : 0
  const verbWord = answering ? 'Play' : 'Lead'
  if (
    answering &&
    size > 1 &&
    faceUp.length > 0 &&
    sameSets(
      faceUp.map((a) => a.cards),
      kSubsets(hand, size),
    )
  ) {
    // Any `size` cards may answer: one menu with exactly that many choices.
    selects.push(cardSelect(controls, { verb: 'play', cards: null }, hand, `Answer with ${size} cards`, size, size))
  } else {
    for (const a of faceUp)
      buttons.push(
        moveButton(
          controls,
          { verb: 'play', cards: a.cards },
          `${verbWord} ${cardsText(sortHand(a.cards, BURA_RANKS))}`,
        ),
      )
  }
  for (const a of faceDown) {
    buttons.push(
      moveButton(
        controls,
        { verb: 'play', cards: a.cards, faceDown: true },
        `Face down: ${cardsText(sortHand(a.cards, BURA_RANKS))}`,
        ButtonStyle.Secondary,
      ),
    )
  }
  const trailing: APIButtonComponentWithCustomId[] = []
  if (legal.some((a) => a.type === 'declare'))
    trailing.push(askButton(controls, 'declare', 'Declare 31', ButtonStyle.Danger))
  if (legal.some((a) => a.type === 'pass'))
    trailing.push(moveButton(controls, { verb: 'pass' }, 'Pass', ButtonStyle.Secondary))
  trailing.push(refreshButton(controls))

  if (v.phase === 'play') {
    if (v.trick && v.trick.plays.length) lines.push('', `**Trick**: ${trickValue(v.trick.plays, v.trick.winning, ctx)}`)
    if (v.turn === seat)
      lines.push(
        '',
        answering
          ? `**Your turn**: answer with exactly ${plural(size, 'card')} (any cards; to take the trick, beat what is in front).`
          : '**Your lead**: one card, or two or three cards of one suit.',
      )
    else if (v.turn !== null) lines.push('', `Waiting for ${ctx.name(v.turn)}.`)
  } else if (v.phase === 'finalCall') {
    lines.push(
      '',
      legal.length
        ? '**Final call**: declare 31 if your tricks hold 31 or more, or pass.'
        : 'Final call: waiting for the others.',
    )
  } else if (v.result) {
    lines.push('', resultText(v.result, v, ctx))
  }
  if (v.canDeclare && v.phase === 'play') lines.push('Declaring 31 with 30 or less doubles the pot at your cost.')
  return {
    title: `Your hand — Bura, game ${v.gameNumber}`,
    description: lines.join('\n'),
    fields: [{ name: 'Pot', value: chips(v.pot), inline: true }],
    rows: layout(buttons, selects, trailing),
  }
}

/**
 * Declaring ends the game at once and cannot be taken back: the question says what it costs when
 * the tricks hold 30 or less (RULES.md Bura 7: as many chips as the pot holds, or what the
 * declarer has left; playing for points or games, the false declaration's price there).
 */
export function confirmDeclare(v: BuraView, _ctx: RenderContext): string {
  const me = v.viewer === null ? undefined : v.seats[v.viewer]
  const price =
    v.options.scoring === 'chips'
      ? `you pay ${chips(Math.min(v.pot, me?.stack ?? 0))} into the pot`
      : v.options.scoring === 'games'
        ? 'every other player wins a game'
        : `you take ${PENALTY_PER_LOSS} penalty points`
  return `**Declare now?** Your tricks are counted (only tricks already taken); with 31 or more you win ${PRIZE[v.options.scoring]}, with 30 or less ${price}. This cannot be undone.`
}

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
        out.push(`${ctx.name(e.seat)} declared 31 with ${e.declaredPoints} points — wins ${chips(won.amount)}.`)
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
  switch (e.type) {
    case 'deal':
      return `Game ${e.game}: ${ctx.name(e.dealer)} deals; trump card ${cardLabel(e.trumpCard)}.`
    case 'redeal':
      return `Redeal: ${e.reason}.`
    case 'sitOut':
      return `${ctx.name(e.seat)} sits this game out (${e.reason}).`
    case 'combination':
      return `${ctx.name(e.seat)} has ${COMBINATION_NAME[e.kind]}: ${cardsText(sortHand(e.cards, BURA_RANKS))}.`
    case 'play': {
      const what = e.cards ? cardsText(sortHand(e.cards, BURA_RANKS)) : `${plural(e.count, 'card')} face down`
      return `${ctx.name(e.seat)} played ${what}${e.beats ? ' and is in front' : ''}.`
    }
    case 'trick':
      return `${ctx.name(e.winner)} took the trick.`
    case 'draw':
      return e.rounds > 0
        ? `Cards drawn from ${ctx.name(e.from)}${e.trumpCardTo !== null ? `; ${ctx.name(e.trumpCardTo)} drew the trump card` : ''}; ${plural(e.pileLeft, 'card')} left.`
        : null
    case 'finalCall':
      return 'Final call: declare 31 or pass.'
    case 'declare':
      return e.correct
        ? `${ctx.name(e.seat)} declared 31 with ${e.declaredPoints} points.`
        : `${ctx.name(e.seat)} declared with only ${e.declaredPoints} points: a false declaration.`
    case 'pass':
      return `${ctx.name(e.seat)} passed.`
    case 'potWon':
      return `${ctx.name(e.seat)} wins the pot: ${chips(e.amount)}.`
    case 'penalty':
      return `${ctx.name(e.seat)} takes ${plural(e.points, 'penalty point')} (${e.total} in all).`
    case 'gameWon':
      return `${ctx.name(e.seat)} wins a game (${e.total} in all).`
    case 'matchOver':
      return `🏆 ${ctx.name(e.winner)} wins the match.`
    case 'gameOver':
      return e.winners.length ? null : 'The game ends without a winner.'
    case 'chips':
      // Antes and pot wins have their own lines (deal, potWon); a false declaration's payment and
      // a closing table's refund do not.
      if (e.reason === 'falseDeclaration' && typeof e.from === 'object')
        return `${ctx.name(e.from.seat)} paid ${chips(e.amount)} into the pot.`
      if (e.reason === 'refund' && typeof e.to === 'object')
        return `${ctx.name(e.to.seat)} gets ${chips(e.amount)} back from the pot (refund).`
      return null
    default:
      return null
  }
}

export function turnAsk(v: BuraView): string {
  if (v.phase === 'finalCall') return 'final call: declare 31 or pass'
  return v.trick && v.trick.plays.length ? `answer with ${plural(v.trick.size, 'card')}` : 'your lead'
}

export const buraGame = defineGame({
  engine: buraEngine,
  ai: decideBura,
  renderer: { publicParts, privateParts, eventLines, turnAsk, confirm: { declare: confirmDeclare } },
  scenes,
  stakesName: 'ante',
  rules: buraRules(ENGLISH),
  rulesIn: buraRules,
  command: {
    description: 'Bura: Russian trick-taking for chips (2-6 players)',
    // The engine always refuses manual combinations (docs/bura.md): offering the option would only produce an error.
    hidden: ['manualCombinations'],
    choiceNames: {
      scoring: {
        chips: 'chips',
        points: 'penalty points (12 loses)',
        games: 'games won (first to the target, 2 ahead)',
      },
      gamesTarget: { '21': '21 games', '11': '11 games' },
    },
  },
  optionLabels: {
    ante: (n, o) => (o.scoring === 'chips' ? `ante ${n}` : null),
    showCounts: (on) => (on ? 'points of your tricks shown' : 'count in your head'),
    declareOnTurnOnly: (on) => (on ? 'declare 31 on your turn only' : null),
    threeAcesWin: (on) => (on ? 'three aces win' : null),
    moscow: (on) => (on ? 'Moscow' : null),
    littleMoscow: (on) => (on ? 'little Moscow' : null),
    redealOnCombination: (on) => (on ? 'redeal on a dealt combination' : null),
    deck32: (on) => (on ? '32 cards' : null),
    faceDown: (on) => (on ? 'face-down play' : null),
    manualCombinations: () => null,
    scoring: (how, o) =>
      how === 'chips' ? null : how === 'points' ? 'penalty points (12 loses)' : `games won (first to ${o.gamesTarget})`,
    gamesTarget: () => null,
    kozel: (on) => (on ? 'Kozel' : null),
  },
})
