import { TEXT_JOINER } from './resources.js'

/**
 * Keeps every line of a resource file (JSON, one key per line as Prettier lays it out) within
 * `width` characters: a text whose line is longer becomes an array of pieces, each on a line of
 * its own, split at spaces so that the pieces joined by TEXT_JOINER give the text back exactly
 * (resources.ts, ResourceText). A text already in pieces is joined and split afresh, and goes back
 * to one string when it fits on one line again, so the result does not depend on how the pieces
 * were cut before. Only the long texts' lines change; keys, their order and the rest stay as written.
 */

const STRING = String.raw`"(?:[^"\\]|\\.)*"`
const TEXT_LINE = new RegExp(String.raw`^(\s*)(${STRING}): (${STRING})(,?)$`)
const PIECES_START = new RegExp(String.raw`^(\s*)(${STRING}): \[$`)
const PIECE_LINE = new RegExp(String.raw`^\s*(${STRING}),?$`)
const PIECES_END = /^\s*\](,?)$/

/** A line's length as an editor counts characters (an emoji is one). */
export const lineLength = (line: string) => [...line].length

/** `text` cut at spaces into pieces whose lines (`indent`, the quoted piece, a comma) fit in `width`. */
function pieces(text: string, indent: number, width: number): string[] {
  const fits = (piece: string) => indent + lineLength(JSON.stringify(piece)) + 1 <= width
  const words = text.split(TEXT_JOINER)
  const out: string[] = []
  let current = words[0]!
  for (const word of words.slice(1)) {
    const longer = `${current}${TEXT_JOINER}${word}`
    if (fits(longer)) current = longer
    else {
      out.push(current)
      current = word
    }
  }
  out.push(current)
  // A text that fits on a line of its own still takes two: a one-piece array reads oddly.
  if (out.length === 1 && words.length > 1) {
    const middle = words.findIndex((_, i) => words.slice(0, i + 1).join(TEXT_JOINER).length >= text.length / 2)
    const cut = Math.min(Math.max(middle, 1), words.length - 1)
    return [words.slice(0, cut).join(TEXT_JOINER), words.slice(cut).join(TEXT_JOINER)]
  }
  return out
}

/** The lines of one text: on one line when it fits, else as pieces. */
function textLines(indent: string, key: string, text: string, comma: string, width: number): string[] {
  const line = `${indent}${key}: ${JSON.stringify(text)}${comma}`
  if (lineLength(line) <= width) return [line]
  const inner = `${indent}  `
  const parts = pieces(text, inner.length, width)
  return [
    `${indent}${key}: [`,
    ...parts.map((p, i) => `${inner}${JSON.stringify(p)}${i < parts.length - 1 ? ',' : ''}`),
    `${indent}]${comma}`,
  ]
}

export function wrapResourceFile(source: string, width = 120): string {
  const lines = source.split('\n')
  const out: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const single = TEXT_LINE.exec(line)
    if (single) {
      const [, indent, key, value, comma] = single
      out.push(...textLines(indent!, key!, JSON.parse(value!) as string, comma!, width))
      continue
    }
    const start = PIECES_START.exec(line)
    if (start) {
      const parts: string[] = []
      let j = i + 1
      for (let piece = PIECE_LINE.exec(lines[j] ?? ''); piece; piece = PIECE_LINE.exec(lines[++j] ?? ''))
        parts.push(JSON.parse(piece[1]!) as string)
      const end = PIECES_END.exec(lines[j] ?? '')
      if (end && parts.length > 0) {
        out.push(...textLines(start[1]!, start[2]!, parts.join(TEXT_JOINER), end[1]!, width))
        i = j
        continue
      }
    }
    out.push(line)
  }
  return out.join('\n')
}
