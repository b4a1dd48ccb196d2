import { describe, expect, it } from 'vitest'
import { ENGLISH } from '../../../src/i18n/index.js'
import { handSceneOf, tableSceneOf } from '../../../src/messages/pictures.js'
import { facesShown } from '../../../src/render/images/scene.js'
import { cardText } from '../../../src/render/format.js'
import type { Payload } from '../../../src/render/payload.js'
import { renderHandView } from '../../../src/messages/hand-view.js'
import { renderTableMessage } from '../../../src/messages/table-message.js'
import { userId } from '../support.js'
import { FIXED_STATES, handSeatOf } from './states.js'

/**
 * With images off (`/settings set images:off`, a screen reader, data saver) the messages' text
 * alone says what the pictures show: for each fixed state, every card face, Bura's trump card and
 * pile, the pot, each seat's stack or score, and who is to act.
 */

function textOf(p: Payload): string {
  return (p.embeds ?? [])
    .flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])])
    .join('\n')
}

describe('the text without pictures', () => {
  for (const s of FIXED_STATES)
    it(`${s.name}: the table message says all the table picture shows`, () => {
      const table = s.table()
      const scene = tableSceneOf(ENGLISH, table)!
      const text = textOf(renderTableMessage(ENGLISH, table, 0, [], null))
      for (const card of facesShown(scene)) expect(text, card).toContain(cardText(card, ENGLISH))
      scene.seats.forEach((seat, i) => {
        const mention = `<@${userId(i)}>`
        // The seat's line in the text: its stack or score, as the picture's badge gives it.
        const line = text.split('\n').find((l) => l.includes(mention) && l.includes(' — '))
        expect(line, `${mention}'s line`).toBeDefined()
        const figure = /^-?\d+/.exec(seat.line)![0]
        expect(line, `${mention}: ${seat.line}`).toMatch(new RegExp(`(?<![\\d])${figure}(?![\\d])`))
        if (seat.acting) expect(text).toContain(`▶ ${mention}`)
      })
      for (const group of scene.centre) {
        // Bura's pile ("Pile 20") and Badugi's pot ("Pot 18 chips") while the game is on.
        const pile = /^Pile (\d+)$/.exec(group.caption)
        if (pile) expect(text).toMatch(new RegExp(`pile ${pile[1]} cards?|pile is empty`, 'i'))
        const pot = /^Pot (\d+) chips$/.exec(group.caption)
        if (pot && table.progress === 'acting')
          expect(text).toMatch(new RegExp(`Pot\\n${pot[1]} chips|pot ${pot[1]}\\b`))
      }
      if (table.game === 'bura' && table.progress === 'acting') {
        const pot = /pot (\d+) chips/.exec(scene.subtitle)![1]
        expect(text).toContain(`Pot\n${pot} chips`)
      }
    })

  for (const s of FIXED_STATES)
    it(`${s.name}: the private view says every card its hand picture shows`, () => {
      const table = s.table()
      const seat = handSeatOf(table, s.hand)
      const text = textOf(renderHandView(ENGLISH, table, userId(seat), 0))
      for (const card of facesShown(handSceneOf(ENGLISH, table, seat)!))
        expect(text, card).toContain(cardText(card, ENGLISH))
    })
})
