import { z } from 'zod'

/** Table settings (docs/rules/bugami.md, Bugami variants); the names the bot's table settings use too. */
export const optionsSchema = z
  .object({
    /** Points that win the match. */
    target: z.number().int().min(1).max(100_000).default(250).describe('Points to win the match'),
    /** 0, 1 or 2 jokers in the deck. */
    jokers: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .default(0)
      .describe('Jokers in the deck'),
    /** Players who chose the same bug suit are partners for the deal. */
    shotgunWedding: z.boolean().default(false).describe('Players with the same bug suit are partners'),
  })
  .strict()

export type BugamiOptions = z.infer<typeof optionsSchema>
