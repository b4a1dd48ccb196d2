import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord.js'
import type { Card } from '../../core/cards.js'
import type { BuraAction, BuraView } from './rules/index.js'
import { askButton, cardSelect, layout, moveButton, refreshButton } from '../../render/controls.js'
import { cardsText, chips, handText, sortHand } from '../../render/format.js'
import { ButtonStyle } from '../../render/payload.js'
import type { PrivateContext, PrivateParts, RenderContext } from '../../render/types.js'
import { BURA_RANKS } from './rules/cards.js'
import { PENALTY_PER_LOSS } from './rules/options.js'
import type { MoveQuestion } from '../../render/game-module.js'
import { prize, resultText, trickValue, trumpText } from './render.js'

/** A Bura seat's private view: its hand, what it may know, controls for its legal plays. */

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
 * the tricks hold 30 or less (docs/rules/bura.md Bura 7: as many chips as the pot holds, or what the
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
