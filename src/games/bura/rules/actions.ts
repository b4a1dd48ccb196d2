import { z } from 'zod'
import { cardSchema } from '../../../core/schemas.js'
import type { BuraAction } from './types.js'

/** The scenario/wire form of a Bura action; card strings are normalised to card codes. */
export const actionSchema = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('play'), cards: z.array(cardSchema).min(1).max(3), faceDown: z.boolean().optional() })
    .strict(),
  z.object({ type: z.literal('declare') }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
]) as unknown as z.ZodType<BuraAction, z.ZodTypeDef, unknown>
