/**
 * The pictures carry the card codes they were drawn from in a PNG tEXt chunk under the keyword
 * "cards" (written by png.ts), so anyone holding a picture (the privacy tests included) can check
 * what it shows without reading pixels.
 */
export const CARDS_KEYWORD = 'cards'

/** Every tEXt chunk of a PNG, keyword → text. */
export function readTextChunks(png: Buffer): Record<string, string> {
  const out: Record<string, string> = {}
  let at = 8
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    if (type === 'tEXt') {
      const body = png.toString('latin1', at + 8, at + 8 + length)
      const nul = body.indexOf('\0')
      out[body.slice(0, nul)] = body.slice(nul + 1)
    }
    if (type === 'IEND') break
    at += 12 + length
  }
  return out
}
