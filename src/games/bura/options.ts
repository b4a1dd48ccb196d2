import { z } from 'zod'

const MANUAL_COMBINATIONS_REFUSED =
  'manualCombinations is not offered: the bot always announces combinations itself, because asking only the holder would tell the table who holds one (see docs/bura.md)'

/** Options that belong to Bura's declaring and three-card combinations, and so mean nothing in Kozel. */
export const NOT_WITH_KOZEL = [
  'declareOnTurnOnly',
  'threeAcesWin',
  'moscow',
  'littleMoscow',
  'faceDown',
  'manualCombinations',
] as const

/** Table options, names exactly as RULES.md lists them; unknown names are rejected. */
export const optionsSchema = z
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
    scoring: z.enum(['chips', 'points', 'games']).default('chips'),
    gamesTarget: z.union([z.literal(21), z.literal(11)]).default(21),
    kozel: z.boolean().default(false),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (!o.kozel) return
    for (const name of NOT_WITH_KOZEL)
      if (o[name])
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [name],
          message: `${name} does not apply to Kozel (no declaring, no three-card combinations): turn one of them off`,
        })
  })

export type BuraOptions = z.infer<typeof optionsSchema>

export const DEFAULT_OPTIONS: BuraOptions = optionsSchema.parse({})

/** Playing for points: a loser (or a false declarer) takes this many penalty points ... */
export const PENALTY_PER_LOSS = 2
/** ... and whoever reaches this many has lost the match. */
export const PENALTY_LIMIT = 12
/** Playing for games: the winner must lead every other player by this many games at the target. */
export const GAMES_LEAD = 2

/** Cards in each hand: 3 in Bura, 4 in Kozel. */
export function handSize(o: BuraOptions): number {
  return o.kozel ? 4 : 3
}
