import { ENGLISH } from '../../../src/i18n/index.js'
import { describe, expect, it } from 'vitest'
import { engineFor } from '../../../src/games/registry.js'
import type { BuraView } from '../../../src/games/bura/rules/index.js'
import type { Card } from '../../../src/core/cards.js'
import { handImage, handSceneOf, tableImage, tableSceneOf } from '../../../src/messages/pictures.js'
import { readTextChunks } from '../../../src/render/images/png-text.js'
import { facesShown } from '../../../src/render/images/scene.js'
import * as buraScenes from '../../../src/games/bura/scene.js'
import { ownSeatView, spectatorView, type OwnSeatView, type SpectatorView } from '../../../src/render/images/views.js'
import { FIXED_STATES, fixedTable } from './states.js'

/**
 * The table picture is drawn from the spectator view and a hand picture from that seat's view:
 * the types refuse anything else (the @ts-expect-error lines fail `tsc` if they ever compile),
 * and on every fixed state no picture shows a card the engine hides from its viewer.
 */

describe('pictures show only what their viewer may see', () => {
  it('the scene builders take only the view minted for them', () => {
    const table = fixedTable('bura', 3, 4, 3)
    const engine = engineFor('bura')!
    const seen = spectatorView(engine, table.state) as SpectatorView<BuraView>
    const own = ownSeatView(engine, table.state, 1) as OwnSeatView<BuraView>
    const plain = engine.view(table.state, 1) as BuraView
    const names = (seat: number) => `Seat ${seat + 1}`
    expect(buraScenes.tableScene(seen, names, ENGLISH).kind).toBe('table')
    expect(buraScenes.handScene(own, [], names, ENGLISH).kind).toBe('hand')
    // @ts-expect-error a seat's view (with its hand) cannot draw the public picture
    buraScenes.tableScene(own, names, ENGLISH)
    // @ts-expect-error nor can a view whose viewer the type does not say
    buraScenes.tableScene(plain, names, ENGLISH)
    // @ts-expect-error the spectator view is not a seat's own view
    buraScenes.handScene(seen, [], names, ENGLISH)
  })

  for (const s of FIXED_STATES) {
    it(`${s.name}: the table picture names no hidden card, each hand picture only its seat's`, async () => {
      const table = s.table()
      const engine = engineFor(table.game)!
      const hiddenFromAll = new Set<Card>(engine.hiddenFrom(table.state, null))
      const publicCards = facesShown(tableSceneOf(ENGLISH, table)!)
      expect(publicCards.filter((c) => hiddenFromAll.has(c))).toEqual([])
      // The PNG says which cards it was drawn from, and that is exactly the scene's.
      expect(readTextChunks((await tableImage(ENGLISH, table))!.png).cards).toBe(publicCards.join(' '))
      for (const seat of table.seats) {
        const hidden = new Set<Card>(engine.hiddenFrom(table.state, seat.position))
        const cards = facesShown(handSceneOf(ENGLISH, table, seat.position!)!)
        expect(cards.filter((c) => hidden.has(c))).toEqual([])
        expect((await handImage(ENGLISH, table, seat.position!))!.cards).toEqual(cards)
      }
    })
  }
})
