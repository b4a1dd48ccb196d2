import { z } from 'zod'

const MANUAL_COMBINATIONS_REFUSED =
  'manualCombinations is not offered: the bot always announces combinations itself, because asking only the holder would tell the table who holds one (see docs/bura.md)'

/** Table options, names exactly as RULES.md lists them; unknown names are rejected. */
export const buraOptionsSchema = z
  .object({
    ante: z.number().int().min(1).max(1_000_000).default(10),
    showCounts: z.boolean().default(false),
    declareOnTurnOnly: z.boolean().default(false),
    threeAcesWin: z.boolean().default(false),
    moscow: z.boolean().default(false),
    littleMoscow: z.boolean().default(false),
    redealOnCombination: z.boolean().default(false),
    deck32: z.boolean().default(false),
    faceDown: z.boolean().default(false),
    manualCombinations: z
      .boolean()
      .default(false)
      .refine((on) => !on, { message: MANUAL_COMBINATIONS_REFUSED }),
    scoring: z.enum(['chips', 'points']).default('chips'),
  })
  .strict()

export type BuraOptions = z.infer<typeof buraOptionsSchema>

export const DEFAULT_OPTIONS: BuraOptions = buraOptionsSchema.parse({})

/** Playing for points: a loser (or a false declarer) takes this many penalty points ... */
export const PENALTY_PER_LOSS = 2
/** ... and whoever reaches this many has lost the match. */
export const PENALTY_LIMIT = 12
