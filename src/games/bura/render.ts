import type { APIEmbedField } from 'discord.js'
import { suitSymbol } from '../../core/cards.js'
import type { Lang } from '../../i18n/index.js'
import type { BuraView, CombinationKind, PlaySeen, ResultView } from './rules/index.js'
import { cardsText, cardText, chips, listText, sortHand, suitName } from '../../render/format.js'
import type { GameResult, PublicParts, RenderContext } from '../../render/types.js'
import { BURA_RANKS } from './rules/cards.js'
import { PENALTY_PER_LOSS } from './rules/options.js'

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

export function trickValue(plays: readonly PlaySeen[], winning: number | null, ctx: RenderContext): string {
  const text = plays.map((p) => playText(p, ctx)).join(' · ')
  return winning !== null ? `${text}\n${ctx.lang.t('table:bura.inFront', { who: ctx.name(winning) })}` : text
}

export const combination = (kind: CombinationKind, lang: Lang): string => lang.t(`table:bura.combination.${kind}`)

/** What a won game brings, by how the table plays: the pot, a game won, or the game (penalty points for the others). */
export const prize = (v: BuraView, lang: Lang): string => lang.t(`table:bura.prize.${v.options.scoring}`)

export function resultText(r: ResultView, v: BuraView, ctx: RenderContext): string {
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

export function trumpText(v: BuraView, ctx: RenderContext): string {
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

export function turnAsk(v: BuraView, _seat: number, lang: Lang, count: number): string {
  if (v.phase === 'finalCall') return lang.t('table:bura.ask.finalCall')
  return v.trick && v.trick.plays.length
    ? lang.t('table:bura.ask.answer', { count, cards: lang.t('cards:count.card', { count: v.trick.size }) })
    : lang.t('table:bura.ask.lead', { count })
}
