import fs from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_HINT =
  `Chromium not found at ${CHROMIUM}: ` + 'install it with `apt-get install -y chromium` to run the browser tests.'

/**
 * Whether the browser tests run: always in CI (where a missing Chromium is a failure), elsewhere
 * only when Chromium is installed (otherwise they are skipped with CHROMIUM_HINT).
 */
export const browserTestsRun = Boolean(process.env.CI) || fs.existsSync(CHROMIUM)
if (!browserTestsRun) console.warn(`Browser tests skipped. ${CHROMIUM_HINT}`)

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(CHROMIUM_HINT)
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // This machine has no network: without these, Chromium keeps trying to reach Google's services.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
