import { afterEach, describe, expect, it, vi } from 'vitest'
import { ENGLISH, langOf } from '../../../src/i18n/index.js'
import { engineFor, gameModule } from '../../../src/games/registry.js'
import { DEFAULT_HAND_PICTURES_MB, handImage, setHandPictureCache } from '../../../src/messages/pictures.js'
import { drawPool } from '../../../src/render/images/pool.js'
import { readTextChunks } from '../../../src/render/images/png-text.js'
import { fixedTable } from './states.js'

afterEach(() => {
  vi.restoreAllMocks()
  setHandPictureCache(DEFAULT_HAND_PICTURES_MB)
})

/** A table with its seats named (the hand picture shows names), at `moves` into a seeded game. */
function table(moves: number) {
  const t = fixedTable('bura', 3, 91, moves)
  return { ...t, seats: t.seats.map((s, i) => ({ ...s, userId: `u${i}` })) }
}

describe('hand pictures are drawn once per view of a seat and reused', () => {
  it('the same view again is the picture already drawn, without building its scene or drawing', async () => {
    const draws = vi.spyOn(drawPool(), 'draw')
    const scenes = vi.spyOn(gameModule('bura')!.scenes!, 'handScene')
    const names = (id: string) => `name-${id}`
    const first = await handImage(ENGLISH, table(2), 1, names)
    expect(draws).toHaveBeenCalledTimes(1)
    expect(scenes).toHaveBeenCalledTimes(1)
    // The same state read again from the database: a new object, the same view.
    const again = await handImage(ENGLISH, table(2), 1, names)
    expect(again).toBe(first)
    expect(draws).toHaveBeenCalledTimes(1)
    expect(scenes).toHaveBeenCalledTimes(1)
  })

  it('another seat, a move later, another language or other names each get their own picture', async () => {
    const draws = vi.spyOn(drawPool(), 'draw')
    const names = (id: string) => `player-${id}`
    const base = (await handImage(ENGLISH, table(4), 0, names))!
    const others = [
      await handImage(ENGLISH, table(4), 2, names),
      await handImage(ENGLISH, table(5), 0, names),
      await handImage(langOf('de'), table(4), 0, names),
      await handImage(ENGLISH, table(4), 0, (id) => `renamed-${id}`),
    ]
    expect(draws).toHaveBeenCalledTimes(5)
    for (const other of others) expect(other!.png.equals(base.png)).toBe(false)
    // Each seat's picture shows its own cards only (the privacy oracle's chunk).
    const engine = engineFor('bura')!
    const t = table(4)
    const own = (engine.view(t.state, 2) as { hand: string[] }).hand
    const shown = readTextChunks(others[0]!.png).cards!.split(' ')
    for (const card of (engine.view(t.state, 0) as { hand: string[] }).hand)
      if (!own.includes(card)) expect(shown).not.toContain(card)
  })

  it('HAND_PICTURE_CACHE_MB=0: every view draws its picture afresh, the same picture', async () => {
    setHandPictureCache(0)
    const draws = vi.spyOn(drawPool(), 'draw')
    const names = (id: string) => `name-${id}`
    const first = (await handImage(ENGLISH, table(3), 1, names))!
    const again = (await handImage(ENGLISH, table(3), 1, names))!
    expect(draws).toHaveBeenCalledTimes(2)
    expect(again).not.toBe(first)
    expect(again.png.equals(first.png)).toBe(true)
    expect(again.name).toBe(first.name)
  })
})
