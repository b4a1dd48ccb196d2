import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { PNG_SIGNATURE } from '../../src/render/images/png.js'
import { SCREENSHOT_FILES, SCREENSHOT_WIDTH, takeScreenshots } from '../../scripts/screenshots.js'
import { browserTestsRun } from './browser.js'

/** `npm run screenshots` (the README's pictures) runs here once, into a folder of its own, so it cannot rot. */
describe.runIf(browserTestsRun)('the screenshot script', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-test-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  test('plays a Bura game in the sandbox and writes the three pictures as PNGs the width of the page', async () => {
    const files = await takeScreenshots(dir)
    expect(files.map((f) => path.basename(f))).toEqual([...SCREENSHOT_FILES])
    for (const file of files) {
      const png = fs.readFileSync(file)
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE), file).toBe(true)
      // IHDR: width and height, right after the signature and the chunk's length and type.
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)]
      expect(width, file).toBeGreaterThan(SCREENSHOT_WIDTH - 20)
      expect(width, file).toBeLessThanOrEqual(SCREENSHOT_WIDTH)
      // A whole message: its text, its picture (up to 300 high) and its buttons.
      expect(height, file).toBeGreaterThan(400)
    }
  }, 180_000)
})
