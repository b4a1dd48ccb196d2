import { describe, expect, it } from 'vitest'
import { loadImage } from '@napi-rs/canvas'
import type { Card } from '../../src/core/cards.js'
import { cardText } from '../../src/render/format.js'
import { ENGLISH } from '../../src/i18n/index.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import {
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  pictureCards,
  playTurn,
  untilSomeoneActs,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

/** The PNG a message shows in its embed: it is attached, referenced by the embed, and decodes. */
async function expectPicture(w: World, m: FakeMessage): Promise<void> {
  expect(m.attachments, `message ${m.id} has no picture`).toHaveLength(1)
  const file = m.attachments[0]!
  expect(file.contentType).toBe('image/png')
  expect(file.description).toBeTruthy()
  expect(m.embeds[0]!.image?.url).toBe(file.url)
  const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer())
  const image = await loadImage(bytes)
  expect(image.width).toBe(file.width)
  expect(image.height).toBeGreaterThan(100)
}

/** Plays the game to its end through Discord, checking every table message and private view on the way. */
async function playChecking(w: World, check: (m: FakeMessage) => Promise<void>): Promise<number> {
  let moves = 0
  for (let t: TableSnapshot = await w.table(); t.progress === 'acting'; t = await w.table()) {
    await check(w.publicMessage(t))
    const view = await playTurn(w, t.waitingFor[0]!)
    await check(view)
    await expectNothingHidden(w, t.id)
    if (++moves > 500) throw new Error('the game did not end')
  }
  await check(w.publicMessage(await w.table()))
  return moves
}

describe('cards as pictures', () => {
  it('Bura with images: table message and private views carry PNGs of only what their viewer may see', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'bura start', { ante: 5, buy_in: 100 }, ['bob', 'carol'])
    await untilSomeoneActs(w)
    const moves = await playChecking(w, (m) => expectPicture(w, m))
    expect(moves).toBeGreaterThan(0)
    // The alt text names every card the picture shows.
    const file = w.publicMessage(await w.table()).attachments[0]!
    const seen = pictureCards(w, file.url)
    expect(seen.length).toBeGreaterThan(0)
    for (const c of seen) expect(file.description).toContain(cardText(c as Card, ENGLISH))
  })

  it('Badugi with images on: the table message and every private view carry a PNG', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    await openAndStart(w, 'badugi start', { buy_in: 50, small_blind: 1, big_blind: 2 }, ['bob', 'carol'])
    await playChecking(w, async (m) => {
      await expectPicture(w, m)
      expect(m.attachments[0]!.filename).toMatch(/^(table|hand)-[0-9a-f]{16}\.png$/)
    })
  })

  it('with images off (/settings set images:off): no message carries a file, and the text is complete', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    const off = await w.member('carol').slash(w.channel, 'settings set', { images: 'off' })
    expect(off.embeds[0]!.fields!.find((f) => f.name === 'Images')!.value).toMatch(/^off/)
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob', 'carol'])
    await playChecking(w, async (m) => {
      expect(m.attachments).toEqual([])
      expect(m.embeds[0]!.image).toBeUndefined()
    })
    await w.member('alice').slash(w.channel, 'table end')
    await openAndStart(w, 'bura start', { ante: 5, buy_in: 100 }, ['bob'])
    await untilSomeoneActs(w)
    await playChecking(w, async (m) => expect(m.attachments).toEqual([]))
  })

  it('turning images off mid-game removes the picture from the table message on its next change', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'], { admins: ['carol'] })
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob'])
    const t = await w.table()
    await expectPicture(w, w.publicMessage(t))
    await w.member('carol').slash(w.channel, 'settings set', { images: 'off' })
    await playTurn(w, t.waitingFor[0]!)
    expect(w.publicMessage(await w.table()).attachments).toEqual([])
  })

  it('an edit that keeps the picture does not upload it again, also after a restart', async () => {
    const w = await startWorld(['alice', 'bob', 'carol', 'dave'])
    await openAndStart(w, 'bura start', { ante: 5, buy_in: 100 }, ['bob'])
    const t = await untilSomeoneActs(w)
    const before = w.publicMessage(t)
    const picture = before.attachments[0]!
    const tableEdits = () =>
      w.discord.requests.filter((r) => r.method === 'PATCH' && r.path.includes(`/messages/${t.messageId}`)).length
    // Someone sits down mid-game: the table message lists them, the picture (the game) stays.
    await w.member('carol').click(before, 'Join')
    const joined = w.publicMessage(await w.table())
    expect(joined.id).toBe(before.id)
    expect(JSON.stringify(joined.embeds)).toContain(w.member('carol').id)
    expect(joined.attachments).toEqual([picture])
    expect(joined.embeds[0]!.image?.url).toBe(picture.url)

    // After a restart the bot remembers nothing of the message, and reads its file names instead.
    await w.restart()
    const edits = tableEdits()
    const sat = await w.member('dave').click(joined, 'Join')
    const again = w.publicMessage(await w.table())
    expect(again.id).toBe(before.id)
    expect(JSON.stringify(again.embeds)).toContain(w.member('dave').id)
    expect(again.attachments).toEqual([picture])
    // One change of the message: the Join's own answer updated it (no channel edit).
    expect(sat.kind).toBe('update')
    expect(tableEdits()).toBe(edits)

    // A move changes the picture: a new one is uploaded.
    await playTurn(w, (await w.table()).waitingFor[0]!)
    const moved = w.publicMessage(await w.table())
    expect(moved.attachments).toHaveLength(1)
    expect(moved.attachments[0]!.id).not.toBe(picture.id)
  })
})
