/** Durations as players type them: `30s`, `5m`, `2h`, `1d`, `1h30m` (turn deadlines, the agreed end). */

import { MAX_TURN_MS, MIN_TURN_MS } from '../tables/index.js'
import { MAX_AGREED_END_MS, MIN_AGREED_END_MS } from '../tables/match.js'

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** A duration, or why not: not a duration at all (`format`), or outside the allowed span (`range`). */
export type DeadlineParse = { ok: true; ms: number } | { ok: false; reason: 'format' | 'range' }

function parseDuration(text: string, min: number, max: number): DeadlineParse {
  const t = text.trim().toLowerCase().replace(/\s+/g, '')
  const parts = [...t.matchAll(/(\d+)([smhd])/g)]
  if (t === '' || parts.map((p) => p[0]).join('') !== t) {
    return { ok: false, reason: 'format' }
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_MS[p[2]!]!, 0)
  if (ms < min || ms > max) return { ok: false, reason: 'range' }
  return { ok: true, ms }
}

export function parseTurnDeadline(text: string): DeadlineParse {
  return parseDuration(text, MIN_TURN_MS, MAX_TURN_MS)
}

/** The agreed end of a Bura or Badugi table, as a time from now: `2h`, `3d`, up to 30 days. */
export function parseAgreedEnd(text: string): DeadlineParse {
  return parseDuration(text, MIN_AGREED_END_MS, MAX_AGREED_END_MS)
}
