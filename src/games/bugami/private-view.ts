import type { APIEmbedField } from 'discord.js'
import { SUITS, suitSymbol, type Suit } from '../../core/cards.js'
import type { Bid, BugamiAction, BugamiView } from './rules/index.js'
import { cardSelect, layout, moveButton, refreshButton } from '../../render/controls.js'
import { handText, listText, sortHand } from '../../render/format.js'
import { ButtonStyle } from '../../render/payload.js'
import type { PrivateContext, PrivateParts } from '../../render/types.js'
import { bidText, bugs, trickText, tricks } from './render.js'

/** A Bugami seat's private view: its hand, its bid, controls for its legal bids and plays. */

export function privateParts(v: BugamiView, legal: readonly BugamiAction[], ctx: PrivateContext): PrivateParts {
  const { lang, controls } = ctx
  const seat = v.viewer!
  const lines: string[] = [handText(v.hand ?? [], undefined, lang)]
  const fields: APIEmbedField[] = []
  // Stable order: the four suits, then misère.
  const bids = legal.flatMap((a) => (a.type === 'bid' ? [a] : [])).sort((a, b) => bidOrder(a) - bidOrder(b))
  const bidButtons = bids.map((a) => {
    const bid: Bid = 'misere' in a ? 'misere' : a.suit
    const mine = v.myBid === bid
    return moveButton(
      controls,
      a,
      `${bidText(bid, lang)}${mine ? ' ✓' : ''}`,
      mine ? ButtonStyle.Success : ButtonStyle.Primary,
    )
  })
  const playable = sortHand(legal.flatMap((a) => (a.type === 'play' ? [a.card] : [])))
  const selects = playable.length
    ? [
        cardSelect(
          lang,
          controls,
          { action: { type: 'play' }, select: { field: 'card', list: false } },
          playable,
          playable.length === 1
            ? lang.t('table:bugami.private.onlyCard')
            : lang.t('table:bugami.private.playCard', { n: playable.length }),
          1,
          1,
        ),
      ]
    : []

  if (v.phase === 'bidding') {
    lines.push('')
    lines.push(
      v.myBid === null
        ? lang.t('table:bugami.private.choose')
        : lang.t('table:bugami.private.yourBidSecret', { bid: bidText(v.myBid, lang) }),
    )
    const still = v.waitingFor.filter((s) => s !== seat)
    if (still.length)
      lines.push(lang.t('table:bugami.private.stillBidding', { who: listText(still.map(ctx.name), 'and', lang) }))
  } else {
    const me = v.seats[seat]!
    if (me.bid)
      lines.push(
        '',
        lang.t('table:bugami.private.yourBid', {
          bid: bidText(me.bid, lang),
          score: [tricks(me.tricks, lang), ...(me.bid !== 'misere' ? [bugs(me.bugs ?? 0, lang)] : [])].join(' · '),
        }),
      )
    const partners = v.partnerships.find((p) => p.length > 1 && p.includes(seat))
    if (partners)
      lines.push(
        lang.t('table:bugami.private.partners', {
          who: listText(partners.filter((p) => p !== seat).map(ctx.name), 'and', lang),
        }),
      )
    fields.push({
      name: lang.t('table:bugami.fields.bids'),
      value: v.seats.map((s) => `${ctx.name(s.seat)}: ${s.bid ? bidText(s.bid, lang) : '—'}`).join('\n'),
    })
    if (v.phase === 'playing') {
      fields.push({
        name: lang.t('table:bugami.fields.trickInProgress'),
        value: v.trick.length ? trickText(v.trick, ctx) : lang.t('table:bugami.fields.noCard'),
      })
      lines.push(
        v.turn === seat
          ? v.ledSuit
            ? lang.t('table:bugami.private.follow', { suit: suitSymbol(v.ledSuit as Suit) })
            : lang.t('table:bugami.private.lead')
          : lang.t('table:bugami.private.waiting', { who: ctx.name(v.turn!) }),
      )
    }
  }
  return {
    title: lang.t('table:bugami.private.title', { n: v.deal }),
    description: lines.join('\n'),
    fields,
    rows: layout(bidButtons, selects, [refreshButton(controls, lang)]),
  }
}

function bidOrder(a: BugamiAction & { type: 'bid' }): number {
  return 'misere' in a ? SUITS.length : SUITS.indexOf(a.suit)
}
