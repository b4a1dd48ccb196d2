import { crc32 } from 'node:zlib'

/**
 * A PNG tEXt chunk: a keyword and Latin-1 text, placed right after IHDR. The images carry the
 * card codes they were drawn from under the keyword "cards", so anyone holding the picture (the
 * privacy tests included) can check what it shows without reading pixels.
 */
export const CARDS_KEYWORD = 'cards'

const IHDR_END = 8 + 4 + 4 + 13 + 4

export function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1')
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write('tEXt', 4, 'latin1')
  data.copy(chunk, 8)
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length)
  return Buffer.concat([png.subarray(0, IHDR_END), chunk, png.subarray(IHDR_END)])
}

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
