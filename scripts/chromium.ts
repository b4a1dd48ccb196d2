import fs from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Debian's Chromium, driven headless by playwright-core: the browser tests' and the screenshot script's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_HINT =
  `Chromium not found at ${CHROMIUM}: ` + 'install it with `apt-get install -y chromium` to run the browser tests.'

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
