import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { TextChannel } from 'discord.js'
import { createLogger } from '../../src/lib/log.js'
import { startSandbox, type Sandbox } from '../../src/sandbox/start.js'
import { browserTestsRun, launchChromium } from './browser.js'

/**
 * What the page draws around the bot's messages, as Discord's client draws it: the bot's uploaded
 * card emojis as images (in text, on buttons), and the client's own words in the reader's language.
 */
describe.runIf(browserTestsRun)("the sandbox page draws what Discord's client draws", () => {
  let sandbox: Sandbox
  let browser: Browser
  let dir: string
  const pages: Record<string, Page> = {}

  const guild = () => sandbox.discord.guild('Sandbox')
  const channel = () => guild().channel('cards')
  const memberOf = (name: string) =>
    guild()
      .members()
      .find((m) => m.name === name)!
  const table = async () => (await sandbox.bot.tables.inChannel(guild().id, channel().id))!
  const node = (page: Page, id: string) => page.locator(`discord-message[data-message-id="${id}"]`)
  const newestPrivate = (name: string) =>
    channel()
      .messages()
      .filter((m) => m.ephemeralFor === memberOf(name).id && !m.loading)
      .at(-1)

  /** How wide an image came in (0 while loading or broken); runs in the page, so it uses nothing around it. */
  const loaded = (img: unknown) => {
    const i = img as { complete: boolean; naturalWidth: number }
    return i.complete ? i.naturalWidth : 0
  }

  async function until(ok: () => Promise<boolean>): Promise<void> {
    for (let tries = 0; !(await ok()); tries++) {
      if (tries > 400) throw new Error('the sandbox did not answer in time')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async function click(page: Page, id: string, label: string): Promise<void> {
    await node(page, id).locator('discord-button', { hasText: label }).first().click()
    await expect.poll(() => page.textContent('#status')).toBe('')
  }

  /** `name` presses "Your hand" on the table message and gets their private view. */
  async function yourHand(name: string) {
    const before = newestPrivate(name)?.id
    await click(pages[name]!, (await table()).messageId!, 'Your hand')
    await expect.poll(() => newestPrivate(name)?.id, { timeout: 15_000 }).not.toBe(before)
    const view = newestPrivate(name)!
    await node(pages[name]!, view.id).waitFor()
    return view
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-look-'))
    sandbox = await startSandbox({
      port: 0,
      log: createLogger('silent'),
      databaseUrl: `file:${path.join(dir, 'sandbox.db')}`,
      // A fixed deal that leads no combination: the player to act leads, with a button for each card.
      seeds: () => 7,
    })
    await sandbox.bot.emojisSettled
    browser = await launchChromium()
    for (const name of ['alice', 'bob']) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 1200 } })
      await page.goto(`${sandbox.url}/?member=${name}`)
      await page.locator('#command option').first().waitFor({ state: 'attached' })
      pages[name] = page
    }
    // alice opens a Bura table, bob joins, alice starts it: all by clicking, as players do.
    await pages.alice!.selectOption('#command', 'bura start')
    await pages.alice!.click('#send')
    // The table is saved before its message is posted: wait for both.
    await until(async () => Boolean((await sandbox.bot.tables.inChannel(guild().id, channel().id))?.messageId))
    const tableMessage = (await table()).messageId!
    await node(pages.bob!, tableMessage).waitFor()
    await node(pages.bob!, tableMessage).locator('discord-button', { hasText: 'Join' }).click()
    await until(async () => (await table()).seats.filter((s) => s.status === 'seated').length === 2)
    await node(pages.alice!, tableMessage).locator('discord-button', { hasText: 'Start' }).click()
    await until(async () => (await table()).status === 'playing')
    await sandbox.bot.idle()
  })

  afterAll(async () => {
    await browser?.close()
    await sandbox?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test("an uploaded card emoji is drawn as its image in a private view's text and on its buttons", async () => {
    // The player to act: their view has the buttons that play cards.
    const name = (await table()).waitingFor[0] === memberOf('alice').id ? 'alice' : 'bob'
    const page = pages[name]!
    const view = await yourHand(name)
    const emojis = sandbox.discord.applicationEmojis.emojis
    // The text names a card with its emoji: <:card_KD:123> K♦.
    const inText = /<:(card_\w+):(\d+)>/.exec(view.embeds.map((e) => e.description ?? '').join('\n'))!
    expect(emojis.find((e) => e.id === inText[2])?.name).toBe(inText[1])
    const url = `${sandbox.discord.url}/emojis/${inText[2]}.png`
    const img = node(page, view.id).locator(`img.emoji[src="${url}"]`).first()
    await expect.poll(() => img.evaluate(loaded)).toBeGreaterThan(0)
    expect(await img.getAttribute('alt')).toBe(`:${inText[1]}:`)
    expect(await node(page, view.id).innerText()).not.toMatch(/:card_\w+:/)
    // Served where Discord's CDN serves it: the image the bot uploaded.
    const res = await fetch(url)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(emojis.find((e) => e.id === inText[2])!.image)).toBe(true)
    // A button that plays a card carries that card's emoji, drawn as an image before its label.
    const withEmoji = view.components
      .flatMap(
        (row) => (row as { components: { emoji?: { id?: string }; label?: string; custom_id?: string }[] }).components,
      )
      .find((c) => c.emoji?.id)!
    const button = node(page, view.id).locator(`discord-button[data-custom-id="${withEmoji.custom_id}"]`)
    const buttonImg = button.locator('img.emoji')
    await expect.poll(() => buttonImg.evaluate(loaded)).toBeGreaterThan(0)
    expect(await buttonImg.getAttribute('src')).toBe(`${sandbox.discord.url}/emojis/${withEmoji.emoji!.id}.png`)
    expect(await button.innerText()).toBe(withEmoji.label)
  })

  test('a member whose Discord is German sees "Heute um", "(bearbeitet)", the ephemeral note in German', async () => {
    await pages.bob!.selectOption('#locale', 'de')
    await expect.poll(() => memberOf('bob').locale).toBe('de')
    const view = await yourHand('bob')
    const bobsView = node(pages.bob!, view.id)
    await expect
      .poll(() => bobsView.locator('.ephemeral-note').innerText())
      .toBe('Nur du kannst das sehen • Nachricht verwerfen')
    await expect.poll(() => bobsView.locator('.discord-message-timestamp').innerText()).toMatch(/^Heute um \d\d:\d\d$/)
    // A message the bot edits: "(bearbeitet)" after its text for bob, "(edited)" for alice, whose Discord is English.
    const sent = await ((await sandbox.bot.client.channels.fetch(channel().id)) as TextChannel).send('Good luck!')
    await sent.edit('Good luck, both of you!')
    await node(pages.bob!, sent.id).waitFor()
    await expect.poll(() => node(pages.bob!, sent.id).locator('.edited').innerText()).toBe('(bearbeitet)')
    await expect.poll(() => node(pages.alice!, sent.id).locator('.edited').innerText()).toBe('(edited)')
    await expect
      .poll(() => node(pages.alice!, sent.id).locator('.discord-message-timestamp').innerText())
      .toMatch(/^Today at /)
    const alicesView = node(pages.alice!, (await yourHand('alice')).id)
    await expect
      .poll(() => alicesView.locator('.ephemeral-note').innerText())
      .toBe('Only you can see this • Dismiss message')
  })
})
