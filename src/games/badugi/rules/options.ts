import { z } from 'zod'

/** The largest blind or bet a table may set (docs/bounds.md): a tenth of the largest buy-in. */
export const STAKE_MAX = 1_000_000
const stake = () => z.number().int().min(1).max(STAKE_MAX)

/**
 * Table options (docs/rules/badugi.md, "Option names"): betting structure and sizes, in chips, and the
 * format: a cash game, or a freeze-out played until one player holds every chip.
 */
export const optionsSchema = z
  .object({
    limit: z.enum(['fixed', 'pot', 'no']).default('fixed').describe('Betting limit'),
    smallBlind: stake().default(1).describe('Small blind'),
    bigBlind: stake().default(2).describe('Big blind'),
    smallBet: stake().default(2).describe('Bet in rounds 1-2 (fixed limit)'),
    bigBet: stake().default(4).describe('Bet in rounds 3-4 (fixed limit)'),
    format: z
      .enum(['cash', 'freezeout'])
      .default('cash')
      .describe('Cash table, or a freeze-out: equal buy-ins, played until one player holds every chip'),
  })
  .strict()
  .refine((o) => o.smallBlind <= o.bigBlind, {
    message: 'the small blind cannot be larger than the big blind',
    path: ['smallBlind'],
    // The refusal a table shows in the player's language (the message stays for the tools).
    params: { refusal: 'badugi.blinds' },
  })

export type BadugiOptions = z.infer<typeof optionsSchema>

/** The small blind that goes with a big blind: half of it, at least 1 (the server's stakes set it so). */
export function smallBlindFor(bigBlind: number): number {
  return Math.max(1, Math.floor(bigBlind / 2))
}
export type Limit = BadugiOptions['limit']

export const DEFAULT_OPTIONS: BadugiOptions = optionsSchema.parse({})
