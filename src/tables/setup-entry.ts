import { z } from 'zod'
import type { SetupParams } from '../core/engine.js'
import { cardSchema } from '../core/schemas.js'

/**
 * A game's setup as a table deals it and its log keeps it (the payload of a `setup` entry): what
 * `engine.setup` was given, with the options the table holds.
 */
export type TableSetup = SetupParams<Record<string, unknown>>

const count = z.number().int().min(0)

const setupSchema: z.ZodType<TableSetup, z.ZodTypeDef, unknown> = z.object({
  players: z.number().int().min(1),
  dealer: count,
  options: z.record(z.unknown()),
  seed: z.number().int(),
  decks: z.array(z.array(cardSchema)).optional(),
  stacks: z.array(count).optional(),
  pot: count.optional(),
  potShares: z.array(count).optional(),
  gameNo: z.number().int().min(1).optional(),
})

/** The setup a log entry holds; throws for a payload that is not one (a broken log, not a player's mistake). */
export function readSetup(payload: unknown): TableSetup {
  return setupSchema.parse(payload)
}
