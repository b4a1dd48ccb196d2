import { ENGLISH } from '../../../src/i18n/index.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileNames, keepUploaded, withImage } from '../../../src/render/images/attach.js'
import { drawScene, tableImage, tableSceneOf } from '../../../src/messages/pictures.js'
import { drawPool } from '../../../src/render/images/pool.js'
import type { Payload } from '../../../src/render/payload.js'
import { fixedTable } from './states.js'

const text: Payload = { content: '', embeds: [{ title: 'Bura', description: 'Trump ♠' }] }

afterEach(() => vi.restoreAllMocks())

describe('pictures on messages', () => {
  it('a picture asked for again while it is being drawn is drawn once', async () => {
    const draw = vi.spyOn(drawPool(), 'draw')
    const scene = tableSceneOf(ENGLISH, fixedTable('bura', 3, 21, 4))!
    const [first, second] = await Promise.all([drawScene(ENGLISH, scene), drawScene(ENGLISH, scene)])
    expect(second).toBe(first)
    expect(draw).toHaveBeenCalledTimes(1)
  })

  it('a picture that failed to draw is drawn afresh when asked for again', async () => {
    const draw = vi.spyOn(drawPool(), 'draw').mockRejectedValueOnce(new Error('the drawing thread exited (1)'))
    const scene = tableSceneOf(ENGLISH, fixedTable('bura', 3, 22, 4))!
    await expect(drawScene(ENGLISH, scene)).rejects.toThrow(/exited/)
    const image = await drawScene(ENGLISH, scene)
    expect(image.png.length).toBeGreaterThan(0)
    expect(draw).toHaveBeenCalledTimes(2)
  })

  it('the same table content is drawn once and keeps its file name; another content gets another', async () => {
    const a = (await tableImage(ENGLISH, fixedTable('bura', 3, 2, 2)))!
    const again = (await tableImage(ENGLISH, fixedTable('bura', 3, 2, 2)))!
    expect(again).toBe(a)
    const other = (await tableImage(ENGLISH, fixedTable('bura', 3, 2, 3)))!
    expect(other.name).not.toBe(a.name)
    expect(a.name).toMatch(/^table-[0-9a-f]{16}\.png$/)
  })

  it('withImage uploads the picture and shows it in the first embed; without one it clears attachments', async () => {
    const image = (await tableImage(ENGLISH, fixedTable('bura', 2, 1, 0)))!
    const p = withImage(text, image)
    expect(p.embeds![0]!.image).toEqual({ url: `attachment://${image.name}` })
    expect(p.files).toEqual([{ attachment: image.png, name: image.name, description: image.description }])
    expect(p.embeds![0]!.description).toBe('Trump ♠')
    expect(withImage(text, null)).toMatchObject({ files: [], attachments: [] })
  })

  it('an edit to a message already carrying the picture uploads nothing; a changed picture is uploaded', async () => {
    const image = (await tableImage(ENGLISH, fixedTable('bura', 2, 1, 0)))!
    const p = withImage(text, image)
    const same = keepUploaded(p, [image.name])
    expect(same.files).toBeUndefined()
    expect(same.attachments).toBeUndefined()
    expect(same.embeds![0]!.image!.url).toBe(`attachment://${image.name}`)
    expect(fileNames(keepUploaded(p, ['table-0000000000000000.png']))).toEqual([image.name])
    expect(keepUploaded(withImage(text, null), [image.name])).toMatchObject({ attachments: [] })
  })
})
