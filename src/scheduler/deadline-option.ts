/** Turn deadlines as players type them: `30s`, `5m`, `2h`, `1d`, `1h30m`. */

import { MAX_TURN_MS, MIN_TURN_MS } from '../store/index.js'

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export type DeadlineParse = { ok: true; ms: number } | { ok: false; message: string }

export function parseTurnDeadline(text: string): DeadlineParse {
  const t = text.trim().toLowerCase().replace(/\s+/g, '')
  const parts = [...t.matchAll(/(\d+)([smhd])/g)]
  if (t === '' || parts.map((p) => p[0]).join('') !== t) {
    return { ok: false, message: `"${text}" is not a duration I understand: try \`30s\`, \`10m\`, \`2h\` or \`1d\`.` }
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0)
  if (ms < MIN_TURN_MS || ms > MAX_TURN_MS) {
    return { ok: false, message: 'The turn deadline must be between 30 seconds and 48 hours.' }
  }
  return { ok: true, ms }
}
