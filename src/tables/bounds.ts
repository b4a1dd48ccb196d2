import { z } from 'zod'
import { MAX_BREAK_MS } from './pace.js'

/**
 * The bounds of a table's own settings as `/<game> start` offers them (docs/bounds.md): the slash
 * options' `min_value`/`max_value` are these, and `tableSettingsSchema` holds the table service to
 * them, so a value Discord let through (or a caller other than Discord) is refused the same way.
 */
export const TABLE_BOUNDS = {
  /** Chips each player brings to a chip table. */
  buyIn: { min: 1, max: 10_000_000 },
  /** The break between two games (Bura, Badugi), in whole minutes. */
  breakMinutes: { min: 0, max: MAX_BREAK_MS / 60_000 },
} as const

export const tableSettingsSchema = z.object({
  buyIn: z.number().int().min(TABLE_BOUNDS.buyIn.min).max(TABLE_BOUNDS.buyIn.max).optional(),
  breakSeconds: z
    .number()
    .finite()
    .min(TABLE_BOUNDS.breakMinutes.min * 60)
    .max(TABLE_BOUNDS.breakMinutes.max * 60)
    .optional(),
})
