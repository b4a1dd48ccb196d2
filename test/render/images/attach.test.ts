import { ENGLISH } from '../../../src/i18n/index.js'
import { describe, expect, it } from 'vitest'
import { fileNames, keepUploaded, withImage } from '../../../src/render/images/attach.js'
import { tableImage } from '../../../src/render/images/index.js'
import type { Payload } from '../../../src/render/payload.js'
import { fixedTable } from './states.js'

const text: Payload = { content: '', embeds: [{ title: 'Bura', description: 'Trump ♠' }] }

describe('pictures on messages', () => {
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
