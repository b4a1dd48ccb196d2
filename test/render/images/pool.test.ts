import { afterAll, describe, expect, it } from 'vitest'
import { ENGLISH } from '../../../src/i18n/index.js'
import { scenePng } from '../../../src/render/images/draw.js'
import { handSceneOf, tableSceneOf } from '../../../src/render/images/index.js'
import { DrawPool } from '../../../src/render/images/pool.js'
import { readTextChunks } from '../../../src/render/images/png-text.js'
import { fixedTable } from './states.js'

const pools: DrawPool[] = []
const pool = (threads: number) => {
  const p = new DrawPool(threads)
  pools.push(p)
  return p
}
afterAll(async () => Promise.all(pools.map((p) => p.close())))

describe('the drawing threads', () => {
  const table = fixedTable('bura', 3, 4, 5)
  const scenes = [tableSceneOf(ENGLISH, table)!, handSceneOf(ENGLISH, table, 0)!, handSceneOf(ENGLISH, table, 1)!]

  it('draw on their threads exactly what this thread draws, cards chunk included', async () => {
    const threads = pool(2)
    const drawn = await Promise.all(scenes.map((s) => threads.draw(s)))
    for (const [i, s] of scenes.entries()) {
      expect(drawn[i]!.equals(scenePng(s))).toBe(true)
      expect(readTextChunks(drawn[i]!).cards).toBeDefined()
    }
  })

  it('many pictures at once all come back, each its own', async () => {
    const threads = pool(2)
    const many = Array.from({ length: 30 }, (_, i) => scenes[i % scenes.length]!)
    const drawn = await Promise.all(many.map((s) => threads.draw(s)))
    drawn.forEach((png, i) => expect(png.equals(drawn[i % scenes.length]!)).toBe(true))
    expect(drawn[0]!.equals(drawn[1]!)).toBe(false)
  })

  it('with no threads, draws on this one', async () => {
    expect((await pool(0).draw(scenes[0]!)).equals(scenePng(scenes[0]!))).toBe(true)
  })

  it('a closed pool starts no new thread, and its pictures are still drawn (on this thread)', async () => {
    const threads = pool(1)
    await threads.draw(scenes[0]!)
    await threads.close()
    expect((await threads.draw(scenes[1]!)).equals(scenePng(scenes[1]!))).toBe(true)
  })
})
