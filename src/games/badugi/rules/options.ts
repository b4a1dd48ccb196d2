import { z } from 'zod'
import { levelAt } from './tournament.js'

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
      .enum(['cash', 'freezeout', 'tournament'])
      .default('cash')
      .describe('Cash table, freeze-out (play to one winner) or tournament (entry fee, rising blinds)'),
    structure: z
      .enum(['turbo', 'normal', 'slow'])
      .default('normal')
      .describe('Tournament: how fast the blinds rise (turbo, normal, slow)'),
    levelHands: z.number().int().min(1).max(100).default(10).describe('Tournament: hands per blind level'),
    prizes: z
      .enum(['standard', 'winner-takes-all'])
      .default('standard')
      .describe('Tournament prizes: standard (65/35 with 6-8 entrants) or winner takes all'),
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

/** A freeze-out or a tournament: played until one seat holds every chip, no cashing out. */
export function playsToOneWinner(o: Pick<BadugiOptions, 'format'>): boolean {
  return o.format !== 'cash'
}

/**
 * The options one hand is played with: a tournament's blinds and fixed-limit bets follow its
 * level at hand `handNo` (bets: the big blind, doubled from round 3); other tables keep theirs.
 */
export function handOptions(o: BadugiOptions, handNo: number): BadugiOptions {
  if (o.format !== 'tournament') return o
  const { bigBlind, smallBlind } = levelAt(o.structure, o.levelHands, handNo).now
  if (o.bigBlind === bigBlind && o.smallBlind === smallBlind) return o
  return { ...o, smallBlind, bigBlind, smallBet: bigBlind, bigBet: bigBlind * 2 }
}

export const DEFAULT_OPTIONS: BadugiOptions = optionsSchema.parse({})
