import { z } from 'zod'

const MANUAL_COMBINATIONS_REFUSED =
  'manualCombinations is not offered: the bot always announces combinations itself, because asking only the ' +
  'holder would tell the table who holds one (see docs/bura.md)'

/** Options that belong to Bura's declaring and three-card combinations, and so mean nothing in Kozel. */
export const NOT_WITH_KOZEL = [
  'declareOnTurnOnly',
  'threeAcesWin',
  'moscow',
  'littleMoscow',
  'faceDown',
  'manualCombinations',
] as const

/** Table options, names exactly as docs/rules/bura.md lists them; unknown names are rejected. */
export const optionsSchema = z
  .object({
    ante: z.number().int().min(1).max(1_000_000).default(10).describe('Chips each player pays into the pot every game'),
    showCounts: z
      .boolean()
      .default(false)
      .describe('Show the points in your tricks instead of counting them in your head'),
    declareOnTurnOnly: z.boolean().default(false).describe('Declare 31 only on your own turn, not at any moment'),
    threeAcesWin: z.boolean().default(false).describe('Three aces win the pot like a Bura'),
    moscow: z.boolean().default(false).describe('Moscow: three aces beat even a Bura'),
    littleMoscow: z.boolean().default(false).describe('Little Moscow: three sixes with the trump six take the lead'),
    redealOnCombination: z.boolean().default(false).describe('Redeal when a combination is dealt'),
    deck32: z.boolean().default(false).describe('Play with 32 cards (no sixes)'),
    faceDown: z.boolean().default(false).describe('Face-down play (verdeckt spielen)'),
    manualCombinations: z
      .boolean()
      .default(false)
      .refine((on) => !on, { message: MANUAL_COMBINATIONS_REFUSED })
      .describe('Players choose whether to play their combinations'),
    scoring: z
      .enum(['chips', 'points', 'games'])
      .default('chips')
      .describe('Play for chips, penalty points (12 loses) or games won'),
    gamesTarget: z
      .union([z.literal(21), z.literal(11)])
      .default(21)
      .describe('Games won: the target, with a 2-game lead'),
    kozel: z
      .boolean()
      .default(false)
      .describe('Kozel: 4 cards, play every card, most points wins (no declaring; not with the 31 variants)'),
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
          // The refusal a table shows in the player's language (the message stays for the tools).
          params: { refusal: 'bura.not-with-kozel' },
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
