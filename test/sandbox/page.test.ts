import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { createLogger } from '../../src/lib/log.js'
import { startSandbox, type Sandbox } from '../../src/sandbox/start.js'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import { chooseMove, controlFor, type Control } from '../e2e/harness.js'
import { isAiSeat } from '../../src/tables/ai-seats.js'
import { browserTestsRun, launchChromium } from './browser.js'

const SCREENSHOTS = path.resolve('test-results')
// A game is many clicks, each a real interaction through the bot; a loaded machine needs minutes.
const GAME_MS = 300_000

describe.runIf(browserTestsRun)('the sandbox page in Chromium', () => {
  let sandbox: Sandbox
  let browser: Browser
  let dir: string

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-page-'))
    sandbox = await startSandbox({
      port: 0,
      log: createLogger('silent'),
      databaseUrl: `file:${path.join(dir, 'sandbox.db')}`,
      // AI seats move after a short pause on the real clock here.
      ai: { moveDelayMs: 100, thinkMs: 300 },
    })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await sandbox?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const channel = () => sandbox.discord.guild('Sandbox').channel('cards')
  const member = (name: string) =>
    sandbox.discord
      .guild('Sandbox')
      .members()
      .find((m) => m.name === name)!
  const table = async (): Promise<TableSnapshot | null> => {
    const c = channel()
    return sandbox.bot.tables.inChannel(sandbox.discord.guild('Sandbox').id, c.id)
  }

  async function open(name: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
    await page.goto(`${sandbox.url}/?member=${name}`)
    await page.locator('#command option').first().waitFor({ state: 'attached' })
    return page
  }

  /** Runs a slash command from the page's command box, as a person would. */
  async function slash(page: Page, words: string, options: Record<string, string> = {}): Promise<void> {
    await page.selectOption('#command', words)
    for (const [name, value] of Object.entries(options)) {
      const field = page.locator(`#options [name="${name}"]`)
      if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value)
      else await field.fill(value)
    }
    await page.click('#send')
    await expect.poll(() => page.textContent('#status')).toBe('')
  }

  const messageNode = (page: Page, id: string) => page.locator(`discord-message[data-message-id="${id}"]`)

  async function clickButton(page: Page, messageId: string, label: string): Promise<void> {
    await messageNode(page, messageId).locator('discord-button', { hasText: label }).first().click()
  }

  /** Uses a control of a message by clicking in the page: a button, or the options of a select. */
  async function use(page: Page, messageId: string, control: Control): Promise<void> {
    const node = messageNode(page, messageId)
    if (control.kind !== 'select') {
      await node.locator(`discord-button[data-custom-id="${control.customId}"]`).click()
    } else {
      const select = node.locator(`.select[data-custom-id="${control.customId}"]`)
      const option = (value: string) => select.locator(`discord-string-select-menu-option[data-value="${value}"]`)
      const choose = select.locator('button.choose')
      // The page marks a picked option of a multi-select with "✔" in its label.
      const picked = async (value: string) => ((await option(value).getAttribute('label')) ?? '').startsWith('✔')
      // The menu may close after a pick, and a redraw of the message (the bot edits it as the game
      // goes on) clears what was picked: pick only what is not picked yet, until Choose can be pressed.
      for (let round = 0; ; round++) {
        if (round === 5) throw new Error(`the menu ${control.customId} keeps closing`)
        for (const value of control.values) {
          if (await picked(value)) continue
          if (!(await option(value).isVisible())) {
            await select.locator('discord-string-select-menu').click()
            await option(value)
              .waitFor({ state: 'visible', timeout: 2000 })
              .catch(() => undefined)
          }
          await option(value)
            .click({ timeout: 2000 })
            .catch(() => undefined)
        }
        if (!(await choose.count())) break
        const all = (await Promise.all(control.values.map(picked))).every(Boolean)
        if (all && (await choose.isEnabled())) {
          await choose.click()
          break
        }
      }
    }
    await expect.poll(() => page.textContent('#status'), { timeout: 15_000 }).toBe('')
  }

  const publicTableMessage = (t: TableSnapshot): string => t.messageId!
  const newestEphemeral = (name: string): FakeMessage | undefined =>
    channel()
      .messages()
      .filter((m) => m.ephemeralFor === member(name).id && !m.loading)
      .at(-1)

  type Pages = Record<string, Page>

  /** Opens a table from alice's tab, seats the others by their Join buttons, and starts it. */
  async function openTable(pages: Pages, game: string): Promise<TableSnapshot> {
    // One table per channel: a table an earlier test left open (it failed half-way) is closed first,
    // at once (an admin's void: a plain end waits for the game in progress).
    const left = await table()
    if (left) await sandbox.bot.tables.voidTable(left.id, 'voided')
    await slash(pages.alice!, `${game} start`)
    const t = (await table())!
    for (const name of Object.keys(pages).filter((n) => n !== 'alice')) {
      await messageNode(pages[name]!, publicTableMessage(t)).waitFor()
      await clickButton(pages[name]!, publicTableMessage(t), 'Join')
    }
    const seated = Object.keys(pages).length
    await expect.poll(async () => (await table())!.seats.filter((s) => s.status === 'seated').length).toBe(seated)
    await start(pages.alice!, t)
    return (await table())!
  }

  /** Presses Start on the table message and waits for its answer. */
  async function start(page: Page, t: TableSnapshot): Promise<void> {
    await clickButton(page, publicTableMessage(t), 'Start')
    await expect.poll(async () => (await table())!.status).toBe('playing')
    // The game is saved before Start is answered: until the answer is in, it could pass for the
    // private view of the first move.
    await sandbox.bot.idle()
  }

  /**
   * Plays by clicking until `done`: the player to act presses "Your hand" in their own tab and uses
   * the control of the move the end-to-end tests make (the engine's automatic move, calling instead
   * of folding). Returns the number of moves.
   */
  async function playInBrowser(pages: Pages, done: (t: TableSnapshot, moves: number) => boolean): Promise<number> {
    let moves = 0
    for (let t = (await table())!; !done(t, moves); t = (await table())!) {
      if (t.progress !== 'acting') {
        // A Bura dealt at once ends before anyone moves: deal again.
        await clickButton(pages.alice!, publicTableMessage(t), 'Next game')
        continue
      }
      const userId = t.waitingFor[0]!
      if (t.waitingFor.some(isAiSeat)) {
        // AI seats move on their own: first let them (a move landing while a member's card menu is
        // open would redraw the channel under it).
        await expect.poll(async () => (await table())!.version, { timeout: 15_000 }).toBeGreaterThan(t.version)
        await sandbox.bot.idle()
        continue
      }
      const name = Object.keys(pages).find((n) => member(n).id === userId)!
      const seat = t.seats.find((s) => s.userId === userId)!.position!
      const action = chooseMove(t, seat)
      const before = newestEphemeral(name)?.id
      await clickButton(pages[name]!, publicTableMessage(t), 'Your hand')
      // The answer is a new private view (an older one may still be on the page).
      await expect.poll(() => newestEphemeral(name)?.id, { timeout: 15_000 }).not.toBe(before)
      const view = newestEphemeral(name)!
      await messageNode(pages[name]!, view.id).waitFor()
      await use(pages[name]!, view.id, controlFor(view, t.game, action))
      await expect.poll(async () => (await table())!.version).toBeGreaterThan(t.version)
      if (++moves > 400) throw new Error('the game did not end')
    }
    return moves
  }

  async function openPages(names: string[]): Promise<Pages> {
    const pages: Pages = {}
    for (const name of names) pages[name] = await open(name)
    return pages
  }

  async function closePages(pages: Pages): Promise<void> {
    for (const page of Object.values(pages)) await page.close()
  }

  test(
    'alice and bob play a Bura game to its end by clicking in two tabs',
    async () => {
      const pages = await openPages(['alice', 'bob'])
      const t = await openTable(pages, 'bura')
      const moves = await playInBrowser(pages, (now, moves) => now.progress !== 'acting' && moves > 0)
      expect(moves).toBeGreaterThan(0)
      // The public table message in alice's tab shows the end of the game.
      const tableMessage = messageNode(pages.alice!, publicTableMessage(t))
      await expect.poll(() => tableMessage.innerText(), { timeout: 10_000 }).toMatch(/wins the pot|passed|pot stays/)
      fs.mkdirSync(SCREENSHOTS, { recursive: true })
      await pages.alice!.setViewportSize({ width: 1100, height: 1500 })
      await tableMessage.evaluate((node) => node.scrollIntoView({ block: 'center' }))
      await pages.alice!.screenshot({ path: path.join(SCREENSHOTS, 'sandbox-bura.png') })
      await clickButton(pages.alice!, publicTableMessage(t), 'Rules')
      await closePages(pages)
      await sandbox.bot.tables.voidTable(t.id, 'voided')
    },
    GAME_MS,
  )

  test(
    'three members play a Badugi hand to its showdown, discarding through the multi-select',
    async () => {
      const pages = await openPages(['alice', 'bob', 'carol'])
      const t = await openTable(pages, 'badugi')
      expect(await playInBrowser(pages, (now) => now.progress !== 'acting')).toBeGreaterThan(3)
      await expect
        .poll(() => messageNode(pages.bob!, publicTableMessage(t)).innerText(), { timeout: 10_000 })
        .toMatch(/wins|Next hand|Next game/)
      await closePages(pages)
      await sandbox.bot.tables.voidTable(t.id, 'voided')
    },
    GAME_MS,
  )

  test(
    'three members bid in secret and play the first trick of a Bugami deal',
    async () => {
      const pages = await openPages(['alice', 'bob', 'carol'])
      const t = await openTable(pages, 'bugami')
      // Three secret bids, then one card each: the bid buttons and the card menu, as players use them.
      expect(await playInBrowser(pages, (_now, moves) => moves >= 6)).toBe(6)
      const tableMessage = messageNode(pages.carol!, publicTableMessage(t))
      await expect.poll(() => tableMessage.innerText(), { timeout: 10_000 }).toContain('Bids revealed')
      await expect.poll(() => tableMessage.innerText(), { timeout: 10_000 }).toMatch(/won trick 1/)
      await closePages(pages)
      await sandbox.bot.tables.voidTable(t.id, 'voided')
    },
    GAME_MS,
  )

  test(
    'alice alone plays a Bura game against an AI seat she adds with the Add AI button',
    async () => {
      const pages = await openPages(['alice'])
      const left = await table()
      if (left) await sandbox.bot.tables.voidTable(left.id, 'voided')
      await slash(pages.alice!, 'bura start')
      const t = (await table())!
      await messageNode(pages.alice!, publicTableMessage(t)).waitFor()
      await clickButton(pages.alice!, publicTableMessage(t), 'Add AI')
      const lobbyMessage = messageNode(pages.alice!, publicTableMessage(t))
      await expect.poll(() => lobbyMessage.innerText(), { timeout: 10_000 }).toContain('🤖 Anna')
      await expect.poll(() => lobbyMessage.innerText()).toContain('Practice table: AI seats, no real chips')
      await start(pages.alice!, t)
      await playInBrowser(pages, (now) => now.gamesPlayed >= 1)
      await expect.poll(() => lobbyMessage.innerText(), { timeout: 10_000 }).toMatch(/wins the pot|passed|pot stays/)
      await closePages(pages)
      await sandbox.bot.tables.voidTable(t.id, 'voided')
    },
    GAME_MS,
  )

  test(
    'bob sets his Discord language to German and gets his private view in German, its times too',
    async () => {
      const pages = await openPages(['alice', 'bob'])
      const t = await openTable(pages, 'bura')
      // A language Discord does not have, or a member who is not there, is refused and changes nothing.
      const setLocale = (body: object) =>
        fetch(`${sandbox.url}/api/locale`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
          status: r.status,
          ...((await r.json()) as { error?: string }),
        }))
      expect(await setLocale({ member: 'bob', locale: 'xx' })).toEqual({
        status: 400,
        error: 'Discord has no language "xx".',
      })
      expect(await setLocale({ member: 'nobody', locale: 'de' })).toEqual({
        status: 400,
        error: 'There is no member called nobody.',
      })
      expect(member('bob').locale).toBe('en-US')
      await pages.bob!.selectOption('#locale', 'de')
      await expect.poll(() => member('bob').locale).toBe('de')
      await expect.poll(() => pages.bob!.locator('#locale option:checked').innerText()).toBe('Deutsch (de)')
      // alice's choice stays hers.
      expect(await pages.alice!.locator('#locale option:checked').innerText()).toMatch(/\(en-US\)$/)
      await playInBrowser(pages, (now) => now.progress === 'acting' && now.waitingFor[0] === member('bob').id)
      const before = newestEphemeral('bob')?.id
      await clickButton(pages.bob!, publicTableMessage(t), 'Your hand')
      await expect.poll(() => newestEphemeral('bob')?.id, { timeout: 15_000 }).not.toBe(before)
      const view = messageNode(pages.bob!, newestEphemeral('bob')!.id)
      await expect.poll(() => view.innerText(), { timeout: 10_000 }).toContain('Du bist dran: automatischer Zug in ')
      // The deadline is a Discord timestamp: bob's client writes it in German, as Discord's does.
      await expect(view.locator('time.timestamp').first().innerText()).resolves.toMatch(/^in \d+ (Stunden|Minuten)$/)
      // The public table message stays in the server's language.
      await expect(messageNode(pages.bob!, publicTableMessage(t)).innerText()).resolves.toContain('Your hand')
      // The tests after this one share the sandbox: bob's client is English again.
      member('bob').locale = 'en-US'
      await closePages(pages)
      await sandbox.bot.tables.voidTable(t.id, 'voided')
    },
    GAME_MS,
  )

  test("bob's page never shows alice's private view", async () => {
    const pages = { alice: await open('alice'), bob: await open('bob') }
    let t = await table()
    if (!t) {
      await slash(pages.alice, 'bura start')
      t = (await table())!
    }
    await messageNode(pages.alice, publicTableMessage(t)).waitFor()
    await clickButton(pages.alice, publicTableMessage(t), t.status === 'lobby' ? 'Rules' : 'Your hand')
    const secret = newestEphemeral('alice')!
    await messageNode(pages.alice, secret.id).waitFor()
    // Discord's mark of an ephemeral, under the message.
    await expect(messageNode(pages.alice, secret.id).locator('.ephemeral-note').innerText()).resolves.toContain(
      'Only you can see this • Dismiss message',
    )
    // Bob's tab has drawn the same channel, with every public message but not alice's answer.
    await messageNode(pages.bob, publicTableMessage(t)).waitFor()
    await pages.bob.reload()
    await messageNode(pages.bob, publicTableMessage(t)).waitFor()
    expect(await messageNode(pages.bob, secret.id).count()).toBe(0)
    expect(await pages.bob.locator('discord-message.ephemeral').count()).toBe(
      channel()
        .messages()
        .filter((m) => m.ephemeralFor === member('bob').id).length,
    )
    await pages.alice.close()
    await pages.bob.close()
  })
})
