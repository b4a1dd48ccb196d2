import type { Worker } from 'node:worker_threads'
import type { Client } from 'discord.js'
import { afterAll, describe, expect, it } from 'vitest'
import { withTablePicture } from '../../../src/discord/pictures.js'
import { ENGLISH } from '../../../src/i18n/index.js'
import { scenePng } from '../../../src/render/images/draw.js'
import { handSceneOf, tableSceneOf } from '../../../src/messages/pictures.js'
import { DrawPool, drawPool } from '../../../src/render/images/pool.js'
import { readTextChunks } from '../../../src/render/images/png-text.js'
import { setDrawThreads } from '../../../src/render/images/threads.js'
import type { Payload } from '../../../src/render/payload.js'
import { fixedTable } from './states.js'

const pools: DrawPool[] = []
const pool = (threads: number) => {
  const p = new DrawPool(threads)
  pools.push(p)
  return p
}
afterAll(async () => Promise.all(pools.map((p) => p.close())))

/** A pool's threads (private to it: the test ends one as a crash would). */
const workersOf = (p: DrawPool) => (p as unknown as { threads: { worker: Worker }[] }).threads.map((t) => t.worker)

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

  it('a dying thread fails its picture (the message goes out text only); a fresh thread draws the next', async () => {
    setDrawThreads(1)
    const shared = drawPool()
    pools.push(shared)
    // A thread that has drawn is worth replacing (one that dies at once would die again).
    await shared.draw(scenes[0]!)
    const [dying] = workersOf(shared)
    const client = { guilds: { cache: new Map() }, users: { cache: new Map() } } as unknown as Client
    const text: Payload = { embeds: [{ title: 'Bura', description: 'Trump ♦ · pile 18 cards' }] }
    const unseen = fixedTable('bura', 3, 31, 5)
    // The picture goes to the thread at once; the thread ends before it answers.
    const sending = withTablePicture(ENGLISH, client, unseen, text, true)
    await dying!.terminate()
    const sent = await sending
    expect(sent.files).toEqual([])
    expect(sent.attachments).toEqual([])
    expect(sent.embeds).toEqual(text.embeds)

    const [fresh] = workersOf(shared)
    expect(fresh).toBeDefined()
    expect(fresh).not.toBe(dying)
    expect((await shared.draw(scenes[1]!)).equals(scenePng(scenes[1]!))).toBe(true)
    // The picture that failed is drawn when asked for again (a failure is not remembered).
    const again = await withTablePicture(ENGLISH, client, unseen, text, true)
    expect(again.files).toHaveLength(1)
    expect(again.embeds![0]!.image!.url).toBe(`attachment://${again.files![0]!.name}`)
  })
})
