import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createLogger } from '../src/lib/log.js'
import { startSandbox, type Sandbox } from '../src/sandbox/start.js'
import { launchChromium } from './chromium.js'

/**
 * `npm run screenshots`: the README's pictures, taken from the sandbox in Chromium. alice and bob
 * open a Bura table, play a few cards by clicking as players do, and the script keeps three
 * messages as they look on the page: the table mid-game, the private view of the player to act,
 * and that view for bob with his Discord set to German.
 */

/** The width of the page, and so of each picture. */
export const SCREENSHOT_WIDTH = 760
export const SCREENSHOT_FILES = ['sandbox-bura.png', 'sandbox-private.png', 'sandbox-german.png'] as const

/** Cards played before the pictures are taken: a trick done and the next one led. */
const MOVES = 3
/** The seed of every deal in the sandbox the pictures are taken in. */
const DEAL_SEED = 1
const WAIT_MS = 20_000
/** How long a click's request may take to leave the page before the click counts as missed. */
const CLICK_SENT_MS = 10_000
/** A Bura hand view's buttons for a single card (English). */
const PLAY = /^(Lead|Play) /

/** A message's controls, as the fake Discord keeps them: buttons (type 2), menus (type 3), in rows. */
interface Control {
  readonly type: number
  readonly label?: string
  readonly placeholder?: string
  readonly custom_id?: string
  readonly min_values?: number
  readonly max_values?: number
  readonly options?: readonly { readonly value: string }[]
  readonly components?: readonly Control[]
}
const controls = (components: unknown): Control[] =>
  Array.isArray(components) ? components.flatMap((c: Control) => [c, ...controls(c.components)]) : []
/**
 * The control of a hand view that lays cards: a button for a lead or an answer, or, when the lead
 * holds several cards (the bot leads a dealt Molodka or three aces itself), the menu that picks as
 * many cards to answer with.
 */
const moveControl = (components: unknown): Control | undefined =>
  controls(components).find((c) => (c.type === 2 && PLAY.test(c.label ?? '')) || c.type === 3)

export async function takeScreenshots(outDir: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-'))
  let sandbox: Sandbox | null = null
  let browser: Browser | null = null
  try {
    sandbox = await startSandbox({
      port: 0,
      log: createLogger('silent'),
      databaseUrl: `file:${path.join(dir, 'sandbox.db')}`,
      // One deal every time: the same pictures, and the same first moves on every run.
      seeds: () => DEAL_SEED,
    })
    browser = await launchChromium()
    return await play(sandbox, browser, outDir)
  } finally {
    await browser?.close()
    await sandbox?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function play(sandbox: Sandbox, browser: Browser, outDir: string): Promise<string[]> {
  const guild = sandbox.discord.guild('Sandbox')
  const channel = guild.channel('cards')
  const memberId = (name: string) => guild.members().find((m) => m.name === name)!.id
  const table = async () => (await sandbox.bot.tables.inChannel(guild.id, channel.id))!
  const newestPrivate = (name: string) =>
    channel
      .messages()
      .filter((m) => m.ephemeralFor === memberId(name) && !m.loading)
      .at(-1)?.id

  const open = async (name: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: SCREENSHOT_WIDTH, height: 1600 } })
    await page.goto(`${sandbox.url}/?member=${name}`)
    // The pictures show the channel only: the page's own bars (member, command box) stay out of them.
    await page.addStyleTag({ content: '.screenshot header, .screenshot footer { display: none !important; }' })
    await page.locator('#command option').first().waitFor({ state: 'attached' })
    return page
  }
  const message = (page: Page, id: string) => page.locator(`discord-message[data-message-id="${id}"]`)
  /**
   * Clicks a button as a player does, and waits for the bot's answer to reach the page. A click that
   * sent nothing (the message was redrawn or moved under the pointer on a busy machine) is tried
   * again; an answer the page shows as an error ends the script with that error.
   */
  const click = async (page: Page, id: string, label: string | RegExp) => {
    for (let attempt = 1; ; attempt++) {
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/interaction'), { timeout: CLICK_SENT_MS })
      await message(page, id).locator('discord-button:not([disabled])', { hasText: label }).first().click()
      const request = await sent.catch(() => null)
      if (request) {
        const response = await request.response()
        if (!response?.ok()) throw new Error(`clicking ${String(label)}: ${await response?.text()}`)
        break
      }
      if (attempt === 3) throw new Error(`clicking ${String(label)} sent nothing, three times`)
    }
    await until(async () => (await page.textContent('#status')) === '')
  }
  const privates = (name: string) => channel.messages().filter((m) => m.ephemeralFor === memberId(name) && !m.loading)
  /** A message's buttons and menus by their text (a menu by its placeholder), for errors. */
  const labels = (components: unknown): string[] => controls(components).flatMap((c) => c.label || c.placeholder || [])
  /**
   * The member presses "Your hand" and gets a new private view: its message id. With `withMove`, the
   * view is the first new private message with a control that lays cards: on a busy machine the
   * answer to the member's last move may come as a follow-up after this press.
   */
  const yourHand = async (name: string, page: Page, tableMessage: string, withMove = false): Promise<string> => {
    const seen = new Set(privates(name).map((m) => m.id))
    const fresh = () =>
      privates(name).find((m) => !seen.has(m.id) && (!withMove || moveControl(m.components) !== undefined))
    await click(page, tableMessage, 'Your hand')
    await until(() => fresh() !== undefined).catch(() => {
      const got = privates(name).filter((m) => !seen.has(m.id))
      throw new Error(
        `${name}'s hand view did not come; new private messages: ${JSON.stringify(got.map((m) => [m.content, labels(m.components)]))}`,
      )
    })
    const id = fresh()!.id
    await message(page, id).waitFor()
    await sandbox.bot.idle()
    return id
  }
  /**
   * Lays cards from a hand view as a player does: the first Lead or Play button (a single card, so
   * one trick follows another), or in the menu the first cards it asks for, then Choose.
   */
  const move = async (name: string, page: Page, id: string) => {
    const control = moveControl(privates(name).find((m) => m.id === id)!.components)!
    if (control.type === 2) return click(page, id, PLAY)
    const values = (control.options ?? []).slice(0, control.min_values ?? 1).map((o) => o.value)
    const select = message(page, id).locator(`.select[data-custom-id="${control.custom_id}"]`)
    const option = (value: string) => select.locator(`discord-string-select-menu-option[data-value="${value}"]`)
    // The page marks a picked option with "✔"; the menu may close after a pick: open it again.
    const picked = async (value: string) => ((await option(value).getAttribute('label')) ?? '').startsWith('✔')
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/interaction'), { timeout: CLICK_SENT_MS })
    for (const value of values) {
      if (!(await option(value).isVisible())) await select.locator('discord-string-select-menu').click()
      if (!(await picked(value))) await option(value).click()
    }
    // A menu of one choice sends it when it is picked; one of more sends the picks by Choose.
    if ((control.max_values ?? 1) > 1) await select.locator('button.choose').click()
    const response = await (await sent).response()
    if (!response?.ok()) throw new Error(`choosing ${values.join(' ')}: ${await response?.text()}`)
    await until(async () => (await page.textContent('#status')) === '')
  }

  const pages = { alice: await open('alice'), bob: await open('bob') }
  await pages.alice.selectOption('#command', 'bura start')
  await pages.alice.click('#send')
  // The table is saved before its message is posted: wait for both.
  await until(async () => Boolean((await sandbox.bot.tables.inChannel(guild.id, channel.id))?.messageId))
  const tableMessage = (await table()).messageId!
  await message(pages.bob, tableMessage).waitFor()
  // Join and Start update the table message, then answer privately: wait for those answers too, so
  // that a later private message is the hand view asked for, not a late answer.
  await click(pages.bob, tableMessage, 'Join')
  await until(async () => (await table()).seats.filter((s) => s.status === 'seated').length === 2)
  await until(() => newestPrivate('bob') !== undefined)
  await click(pages.alice, tableMessage, 'Start')
  await until(async () => (await table()).status === 'playing')
  await until(() => newestPrivate('alice') !== undefined)
  await sandbox.bot.idle()

  const toAct = async (): Promise<'alice' | 'bob'> => {
    // A Bura (three trumps) dealt or drawn wins the pot at once: no one is waited for until the
    // next game, which Next game deals now.
    while ((await table()).waitingFor.length === 0) {
      await click(pages.alice, tableMessage, 'Next game')
      await until(async () => (await table()).waitingFor.length > 0)
      await sandbox.bot.idle()
    }
    return (await table()).waitingFor[0] === memberId('alice') ? 'alice' : 'bob'
  }
  for (let moves = 0; moves < MOVES; moves++) {
    const before = (await table()).version
    const name = await toAct()
    await move(name, pages[name], await yourHand(name, pages[name], tableMessage, true))
    await until(async () => (await table()).version > before)
    await sandbox.bot.idle()
  }

  fs.mkdirSync(outDir, { recursive: true })
  const shoot = async (page: Page, id: string, file: string) => {
    const node = message(page, id)
    // Pictures and emojis are drawn from the fake Discord's files: wait until every one is in.
    await until(() =>
      node.evaluate((el) =>
        [
          ...el.querySelectorAll('img'),
          ...[...el.querySelectorAll('*')].flatMap((c) => [...(c.shadowRoot?.querySelectorAll('img') ?? [])]),
        ].every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    const out = path.join(outDir, file)
    await page.locator('body').evaluate((body) => body.classList.add('screenshot'))
    // The page draws a message anew when it is edited: a screenshot caught in between tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        await node.screenshot({ path: out })
        break
      } catch (e) {
        if (attempt === 3 || !String(e).includes('not attached')) throw e
      }
    }
    await page.locator('body').evaluate((body) => body.classList.remove('screenshot'))
    return out
  }
  const [tableFile, privateFile, germanFile] = SCREENSHOT_FILES
  const files = [await shoot(pages.alice, tableMessage, tableFile)]
  const name = await toAct()
  files.push(await shoot(pages[name], await yourHand(name, pages[name], tableMessage, true), privateFile))
  await pages.bob.selectOption('#locale', 'de')
  await until(() => guild.members().find((m) => m.name === 'bob')!.locale === 'de')
  files.push(await shoot(pages.bob, await yourHand('bob', pages.bob, tableMessage), germanFile))
  return files
}

/** Waits until `ok` holds, checking every 50 ms. */
async function until(ok: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('the sandbox did not answer in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? 'docs/images')
  for (const file of await takeScreenshots(outDir)) process.stdout.write(`${path.relative(process.cwd(), file)}\n`)
}
