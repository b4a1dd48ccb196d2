import { crc32, deflateSync } from 'node:zlib'

/**
 * A PNG encoder for the pictures: the canvas's own PNG encoder compresses hard and takes most of
 * the drawing time; the pictures are flat colours, which the fastest zlib level without row filters
 * packs almost as small, several times faster (measured in `npm run bench -- render`).
 * Writes IHDR, optional tEXt chunks, IDAT and IEND.
 */

/** The 8 bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/**
 * The filtered rows go to one buffer per size, reused (deflateSync returns its own copy): a fresh
 * megabyte per picture costs page faults. Every byte is written before it is read.
 */
const scratches = new Map<number, Buffer>()

function scratch(size: number): Buffer {
  let buf = scratches.get(size)
  if (!buf) {
    buf = Buffer.allocUnsafe(size)
    scratches.set(size, buf)
  }
  return buf
}

/** RGBA pixels (as the canvas gives them) → PNG, with `text` as tEXt chunks (keyword → Latin-1 text). */
export function encodePng(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  text: Record<string, string> = {},
): Buffer {
  const stride = width * 4
  const raw = scratch((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1)
    const at = y * stride
    raw[row] = 0 // filter: None
    raw.set(rgba.subarray(at, at + stride), row + 1)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  const texts = Object.entries(text).map(([k, v]) => chunk('tEXt', Buffer.from(`${k}\0${v}`, 'latin1')))
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    ...texts,
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
