import type { APIButtonComponentWithCustomId, APIEmbedField, APIStringSelectComponent } from 'discord.js'
import { decideBura } from './ai.js'
import { suitSymbol, type Card } from '../core/cards.js'
import type { Lang } from '../../i18n/index.js'
import {
  type BuraAction,
  type CombinationKind,
  type BuraEvent,
  type BuraView,
  type PlaySeen,
  type ResultView,
} from './rules/index.js'
import { askButton, cardSelect, layout, moveButton, refreshButton } from '../../render/controls.js'
import { cardsText, cardText, chips, handText, listText, sortHand, suitName } from '../../render/format.js'
import { ButtonStyle } from '../../render/payload.js'
import type { GameResult, PrivateContext, PrivateParts, PublicParts, RenderContext } from '../../render/types.js'
import { BURA_RANKS } from './rules/cards.js'
import { buraEngine } from './rules/engine.js'
import { PENALTY_PER_LOSS } from './rules/options.js'
import { buraRules } from './rules-pages.js'
import { ENGLISH } from '../../i18n/index.js'
import * as scenes from './scene.js'
import { defineGame, type MoveQuestion } from '../../render/game-module.js'

/**
 * Bura on Discord. Counting in your head: points and the cards of taken tricks appear only when
 * the view carries them (the `showCounts` option); trick counts are public (the piles lie on the
 * table), points never are.
 */

function playText(p: PlaySeen, ctx: RenderContext): string {
  const { lang } = ctx
  const cards = p.cards
    ? cardsText(sortHand(p.cards, BURA_RANKS), lang)
    : lang.t('cards:count.card', { count: p.count })
  return lang.t(p.faceDown ? 'table:bura.playFaceDown' : 'table:bura.play', { who: ctx.name(p.seat), cards })
}

function trickValue(plays: readonly PlaySeen[], winning: number | null, ctx: RenderContext): string {
  const text = plays.map((p) => playText(p, ctx)).join(' · ')
  return winning !== null ? `${text}\n${ctx.lang.t('table:bura.inFront', { who: ctx.name(winning) })}` : text
}

const combination = (kind: CombinationKind, lang: Lang): string => lang.t(`table:bura.combination.${kind}`)

/** What a won game brings, by how the table plays: the pot, a game won, or the game (penalty points for the others). */
const prize = (v: BuraView, lang: Lang): string => lang.t(`table:bura.prize.${v.options.scoring}`)

function resultText(r: ResultView, v: BuraView, ctx: RenderContext): string {
  const { lang } = ctx
  const stays = v.options.scoring === 'chips' ? 'potStays' : 'other'
  switch (r.reason) {
    case 'bura':
    case 'moscow':
    case 'threeAces':
    case 'fourAces':
      return lang.t('table:bura.result.combination', {
        who: ctx.name(r.winner),
        combination: combination(r.reason, lang),
        cards: cardsText(r.cards, lang),
        prize: prize(v, lang),
      })
    case 'buraTrick':
      return lang.t('table:bura.result.buraTrick', { who: ctx.name(r.winner), prize: prize(v, lang) })
    case 'declared':
      return lang.t('table:bura.result.declared', {
        who: ctx.name(r.winner),
        points: r.declaredPoints,
        prize: prize(v, lang),
      })
    case 'falseDeclaration':
      return lang.t(`table:bura.result.falseDeclaration.${v.options.scoring}`, {
        who: ctx.name(r.declarer),
        points: r.declaredPoints,
        chips: chips(r.paid, lang),
        penalty: PENALTY_PER_LOSS,
      })
    case 'allPassed':
      return lang.t(`table:bura.result.allPassed.${stays}`)
    case 'mostPoints':
      return lang.t('table:bura.result.mostPoints', {
        who: ctx.name(r.winner),
        points: r.points[r.winner],
        prize: prize(v, lang),
      })
    case 'pointsTie':
      return lang.t(`table:bura.result.pointsTie.${stays}`, { points: Math.max(...r.points) })
  }
}

function seatLine(v: BuraView, seat: number, ctx: RenderContext): string {
  const { lang } = ctx
  const s = v.seats[seat]!
  const acting = ctx.live && v.waitingFor.includes(seat) ? '▶ ' : ''
  const who = `${ctx.name(seat)}${v.dealer === seat ? ` 🂠 ${lang.t('table:bura.seat.dealer')}` : ''}`
  if (!s.inGame) return lang.t('table:bura.seat.sitsOut', { who, chips: chips(s.stack, lang) })
  const parts = [chips(s.stack, lang), lang.t('cards:count.trick', { count: s.tricks })]
  if (s.points !== undefined)
    parts.push(
      s.unseenTaken
        ? lang.t('table:bura.seat.pointsFaceDown', {
            points: s.points,
            cards: lang.t('cards:count.card', { count: s.unseenTaken }),
          })
        : lang.t('table:bura.seat.points', { points: s.points }),
    )
  if (s.penalty !== undefined) parts.push(lang.t('table:bura.seat.penalty', { n: s.penalty }))
  if (s.games !== undefined) parts.push(lang.t('table:bura.seat.gamesWon', { count: s.games }))
  if (v.phase === 'finalCall' && s.passed) parts.push(lang.t('table:bura.seat.passed'))
  return `${acting}${who} — ${parts.join(' · ')}`
}

function trumpText(v: BuraView, ctx: RenderContext): string {
  const { lang } = ctx
  const where = v.trumpCardInPile
    ? lang.t('table:bura.trump.bottom')
    : v.trumpCardDrawnBy !== null
      ? lang.t('table:bura.trump.drawnBy', { who: ctx.name(v.trumpCardDrawnBy) })
      : lang.t('table:bura.trump.drawn')
  return lang.t('table:bura.trump.text', {
    suit: `${suitSymbol(v.trump)} ${suitName(v.trump, lang)}`,
    card: cardText(v.trumpCard, lang),
    where,
    pile: lang.t('cards:count.card', { count: v.pileCount }),
  })
}

export function publicParts(v: BuraView, ctx: RenderContext): PublicParts {
  const { lang } = ctx
  const fields: APIEmbedField[] = [{ name: lang.t('table:bura.fields.pot'), value: chips(v.pot, lang), inline: true }]
  let status = lang.t('table:bura.status.game', { n: v.gameNumber, trump: trumpText(v, ctx) })
  if (!ctx.live) {
    if (v.phase !== 'over') status += `\n${lang.t('table:bura.status.stopped')}`
  } else if (v.phase === 'play' && v.turn !== null) {
    const leading = !v.trick || v.trick.plays.length === 0
    status += `\n${
      leading
        ? lang.t('table:bura.status.lead', { who: ctx.name(v.turn) })
        : lang.t('table:bura.status.answer', {
            who: ctx.name(v.turn),
            cards: lang.t('cards:count.card', { count: v.trick.size }),
          })
    }`
  } else if (v.phase === 'finalCall') {
    status += `\n${lang.t('table:bura.status.finalCall', { who: listText(v.waitingFor.map(ctx.name), 'and', lang) })}`
  }
  if (v.trick && v.trick.plays.length) {
    const name = v.trick.combination
      ? lang.t('table:bura.fields.trickCombination', { combination: combination(v.trick.combination, lang) })
      : lang.t('table:bura.fields.trick')
    fields.push({ name, value: trickValue(v.trick.plays, v.trick.winning, ctx) })
  }
  if (v.lastTrick) {
    const takenBy = lang.t('table:bura.fields.takenBy', { who: ctx.name(v.lastTrick.winner) })
    fields.push({
      name: lang.t('table:bura.fields.lastTrick'),
      value: `${v.lastTrick.plays.map((p) => playText(p, ctx)).join(' · ')}\n${takenBy}`,
    })
  }
  if (v.result?.revealed) {
    const r = v.result.revealed
    fields.push({
      name: lang.t('table:bura.fields.turnedOver'),
      value: `${ctx.name(r.seat)}: ${cardsText(sortHand(r.cards, BURA_RANKS), lang)}`.slice(0, 1024),
    })
  }
  return { status, seatLines: v.seats.map((_, seat) => seatLine(v, seat, ctx)), fields, result: result(v, ctx) }
}

/** A finished game: who won what and why, each player's tricks and chips, who deals next. */
function result(v: BuraView, ctx: RenderContext): GameResult | null {
  const { lang } = ctx
  if (!v.result) return null
  const details = v.seats.flatMap((s, seat) => (s.inGame ? [seatLine(v, seat, ctx)] : []))
  if (v.result.revealed)
    details.push(
      lang.t('table:bura.turnedOver', {
        who: ctx.name(v.result.revealed.seat),
        cards: cardsText(sortHand(v.result.revealed.cards, BURA_RANKS), lang),
      }),
    )
  if (ctx.live) details.push(lang.t('table:bura.nextDealer', { who: ctx.name(v.result.nextDealer) }))
  return { headline: lang.t('table:bura.headline', { n: v.gameNumber, result: resultText(v.result, v, ctx) }), details }
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
  const { lang, controls } = ctx
  const seat = v.viewer!
  const hand = sortHand(v.hand ?? [], BURA_RANKS)
  const lines = [handText(hand, BURA_RANKS, lang), '', trumpText(v, ctx)]
  const me = v.seats[seat]
  if (me && !me.inGame) lines.push(lang.t('table:bura.private.sitsOut'))
  else if (me && me.points !== undefined)
    lines.push(
      lang.t('table:bura.private.tricksPoints', {
        tricks: lang.t('cards:count.trick', { count: me.tricks }),
        points: me.points,
      }),
    )
  else if (me)
    lines.push(lang.t('table:bura.private.tricksHidden', { tricks: lang.t('cards:count.trick', { count: me.tricks }) }))

  const plays = legal.filter((a): a is Play => a.type === 'play')
  const faceUp = plays.filter((a) => !a.faceDown)
  const faceDown = plays.filter((a) => a.faceDown)
  const buttons: APIButtonComponentWithCustomId[] = []
  const selects: APIStringSelectComponent[] = []
  const answering = v.trick !== null && v.trick.plays.length > 0
  const size = answering ? v.trick.size : 0
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
    const placeholder = lang.t('table:bura.private.answerMenu', { count: size })
    selects.push(
      cardSelect(
        lang,
        controls,
        { action: { type: 'play' }, select: { field: 'cards', list: true } },
        hand,
        placeholder,
        size,
        size,
      ),
    )
  } else {
    for (const a of faceUp)
      buttons.push(
        moveButton(
          controls,
          a,
          lang.t(answering ? 'table:bura.private.play' : 'table:bura.private.lead', {
            cards: cardsText(sortHand(a.cards, BURA_RANKS), lang),
          }),
        ),
      )
  }
  for (const a of faceDown) {
    buttons.push(
      moveButton(
        controls,
        a,
        lang.t('table:bura.private.faceDown', { cards: cardsText(sortHand(a.cards, BURA_RANKS), lang) }),
        ButtonStyle.Secondary,
      ),
    )
  }
  const trailing: APIButtonComponentWithCustomId[] = []
  if (legal.some((a) => a.type === 'declare'))
    trailing.push(askButton(controls, 'declare', lang.t('table:bura.private.declare'), ButtonStyle.Danger))
  if (legal.some((a) => a.type === 'pass'))
    trailing.push(moveButton(controls, { type: 'pass' }, lang.t('table:bura.private.pass'), ButtonStyle.Secondary))
  trailing.push(refreshButton(controls, lang))

  if (v.phase === 'play') {
    if (v.trick && v.trick.plays.length)
      lines.push('', lang.t('table:bura.private.trick', { trick: trickValue(v.trick.plays, v.trick.winning, ctx) }))
    if (v.turn === seat)
      lines.push(
        '',
        answering
          ? lang.t('table:bura.private.yourTurn', { cards: lang.t('cards:count.card', { count: size }) })
          : lang.t('table:bura.private.yourLead'),
      )
    else if (v.turn !== null) lines.push('', lang.t('table:bura.private.waitingFor', { who: ctx.name(v.turn) }))
  } else if (v.phase === 'finalCall') {
    lines.push(
      '',
      legal.length ? lang.t('table:bura.private.finalCall') : lang.t('table:bura.private.finalCallWaiting'),
    )
  } else if (v.result) {
    lines.push('', resultText(v.result, v, ctx))
  }
  if (v.canDeclare && v.phase === 'play') lines.push(lang.t('table:bura.private.declareWarning'))
  return {
    title: lang.t('table:bura.private.title', { n: v.gameNumber }),
    description: lines.join('\n'),
    fields: [{ name: lang.t('table:bura.fields.pot'), value: chips(v.pot, lang), inline: true }],
    rows: layout(buttons, selects, trailing),
  }
}

/**
 * Declaring ends the game at once and cannot be taken back: the question says what it costs when
 * the tricks hold 30 or less (RULES.md Bura 7: as many chips as the pot holds, or what the
 * declarer has left; playing for points or games, the false declaration's price there).
 */
export function confirmDeclare(v: BuraView, ctx: RenderContext): MoveQuestion {
  const { lang } = ctx
  const me = v.viewer === null ? undefined : v.seats[v.viewer]
  const price = lang.t(`table:bura.confirm.price.${v.options.scoring}`, {
    chips: chips(Math.min(v.pot, me?.stack ?? 0), lang),
    penalty: PENALTY_PER_LOSS,
  })
  return {
    text: lang.t('table:bura.confirm.text', { prize: prize(v, lang), price }),
    button: lang.t('table:question.confirm.declare'),
  }
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

export function turnAsk(v: BuraView, _seat: number, lang: Lang, count: number): string {
  if (v.phase === 'finalCall') return lang.t('table:bura.ask.finalCall')
  return v.trick && v.trick.plays.length
    ? lang.t('table:bura.ask.answer', { count, cards: lang.t('cards:count.card', { count: v.trick.size }) })
    : lang.t('table:bura.ask.lead', { count })
}

export const buraGame = defineGame({
  engine: buraEngine,
  ai: decideBura,
  renderer: { publicParts, privateParts, eventLines, turnAsk, confirm: { declare: confirmDeclare } },
  scenes,
  rules: buraRules(ENGLISH),
  rulesIn: buraRules,
  command: {
    // The engine always refuses manual combinations (docs/bura.md): offering the option would only produce an error.
    hidden: ['manualCombinations'],
  },
  optionLabels: {
    ante: (n, o, lang) => (o.scoring === 'chips' ? lang.t('table:bura.options.ante', { n }) : null),
    showCounts: (on, _, lang) => lang.t(on ? 'table:bura.options.showCounts' : 'table:bura.options.countInHead'),
    declareOnTurnOnly: (on, _, lang) => (on ? lang.t('table:bura.options.declareOnTurnOnly') : null),
    threeAcesWin: (on, _, lang) => (on ? lang.t('table:bura.options.threeAcesWin') : null),
    moscow: (on, _, lang) => (on ? lang.t('table:bura.options.moscow') : null),
    littleMoscow: (on, _, lang) => (on ? lang.t('table:bura.options.littleMoscow') : null),
    redealOnCombination: (on, _, lang) => (on ? lang.t('table:bura.options.redealOnCombination') : null),
    deck32: (on, _, lang) => (on ? lang.t('table:bura.options.deck32') : null),
    faceDown: (on, _, lang) => (on ? lang.t('table:bura.options.faceDown') : null),
    manualCombinations: () => null,
    scoring: (how, o, lang) =>
      how === 'chips'
        ? null
        : how === 'points'
          ? lang.t('table:bura.options.points')
          : lang.t('table:bura.options.games', { n: o.gamesTarget }),
    gamesTarget: () => null,
    kozel: (on, _, lang) => (on ? lang.t('table:bura.options.kozel') : null),
  },
})
