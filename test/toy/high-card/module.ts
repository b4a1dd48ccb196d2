import { cardSelect, layout, refreshButton } from '../../../src/render/controls.js'
import { cardText, handText, listText } from '../../../src/render/format.js'
import { defineGame, oneLineEach } from '../../../src/render/game-module.js'
import type { RenderContext } from '../../../src/render/types.js'
import type { GameRules } from '../../../src/render/rules-text.js'
import { highCardEngine, type HighCardEvent, type HighCardView, type Play } from './engine.js'

/** "1 point", "3 points": the toy game speaks English only. */
function plural(n: number, one: string): string {
  return `${n} ${n === 1 ? one : `${one}s`}`
}

/** High card on Discord: the toy game's renderer, rules text and start command. */

const playsText = (plays: readonly Play[], ctx: RenderContext) =>
  plays.map((p) => `${ctx.name(p.seat)} ${cardText(p.card, ctx.lang)}`).join(' · ') || '—'

function eventLine(e: HighCardEvent, ctx: RenderContext): string | null {
  switch (e.type) {
    case 'played':
      return null
    case 'roundWon':
      return `${ctx.name(e.seat)} takes the round with ${cardText(e.card, ctx.lang)}.`
    case 'gameOver':
      return `${listText(e.winners.map(ctx.name))} won.`
  }
}

const HIGH_CARD_RULES: GameRules = {
  title: 'High card',
  tagline: 'Everyone plays one card a round; the highest takes a point · 2-6 players · points.',
  sections: [
    {
      title: 'Play',
      body: 'Each round every player in turn plays one card. The highest rank wins the round (ties: the first played).',
    },
    { title: 'Winning', body: 'After the last round, the most points win.' },
  ],
}

export const highCardGame = defineGame({
  engine: highCardEngine,
  renderer: {
    publicParts: (v: HighCardView, ctx) => ({
      status:
        v.turn >= 0
          ? `Round ${v.round} of ${v.rounds} · ▶ ${ctx.name(v.turn)} to play.`
          : `Round ${v.round} was the last.`,
      seatLines: v.points.map((p, seat) => {
        const marker = ctx.live && v.turn === seat ? '▶ ' : ''
        return `${marker}${ctx.name(seat)} — ${plural(p, 'point')} · ${v.handSizes[seat]} in hand`
      }),
      fields: [
        { name: 'This round', value: playsText(v.trick, ctx) },
        ...(v.lastRound ? [{ name: 'Last round', value: playsText(v.lastRound.plays, ctx) }] : []),
      ],
      result: v.winners.length ? { headline: `🏆 ${listText(v.winners.map(ctx.name))} won.`, details: [] } : null,
    }),
    privateParts: (v, legal, ctx) => {
      const cards = legal.map((a) => a.card)
      const selects = cards.length
        ? [
            cardSelect(
              ctx.lang,
              ctx.controls,
              { action: { type: 'play' }, select: { field: 'card', list: false } },
              cards,
              'Play a card',
              1,
              1,
            ),
          ]
        : []
      return {
        title: 'Your hand',
        description: handText(v.hand ?? []),
        fields: [],
        rows: layout([], selects, [refreshButton(ctx.controls, ctx.lang)]),
      }
    },
    eventLines: oneLineEach(eventLine),
    turnAsk: () => 'your card',
  },
  rules: HIGH_CARD_RULES,
  // A toy game speaks English only.
  rulesIn: () => HIGH_CARD_RULES,
  command: { description: 'High card: the highest card takes each round (2-6 players)' },
  optionLabels: { rounds: (n) => plural(n, 'round') },
})
