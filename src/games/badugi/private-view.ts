import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord.js'
import type { Card } from '../../core/cards.js'
import type { BadugiAction, BadugiView, WagerRange } from './rules/index.js'
import { cardSelect, layout, moveButton, refreshButton } from '../../render/controls.js'
import { cardsText, chips, handText, RANK_ORDER, sortHand } from '../../render/format.js'
import { handName } from './words.js'
import { ButtonStyle } from '../../render/payload.js'
import type { PrivateContext, PrivateParts } from '../../render/types.js'
import { phaseText } from './render.js'

/** A Badugi seat's private view: its hand, the bet it faces, controls for its legal moves. */

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
