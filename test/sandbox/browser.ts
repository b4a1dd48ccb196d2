import fs from 'node:fs'
import { CHROMIUM, CHROMIUM_HINT } from '../../scripts/chromium.js'

export { launchChromium } from '../../scripts/chromium.js'

/**
 * Whether the browser tests run: always in CI (where a missing Chromium is a failure), elsewhere
 * only when Chromium is installed (otherwise they are skipped with CHROMIUM_HINT).
 */
export const browserTestsRun = Boolean(process.env.CI) || fs.existsSync(CHROMIUM)
if (!browserTestsRun) console.warn(`Browser tests skipped. ${CHROMIUM_HINT}`)
