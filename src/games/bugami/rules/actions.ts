import { z } from 'zod'
import { SUITS } from '../../../core/cards.js'
import { cardSchema } from '../../../core/schemas.js'
import type { BugamiAction } from './types.js'

const suitSchema = z
  .string({ required_error: 'a bid names a suit ("suit": "H") or misère ("misere": true)' })
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(SUITS, { errorMap: () => ({ message: 'a bid suit is S, H, D or C' }) }))

const bidSuit = z.object({ type: z.literal('bid'), suit: suitSchema }).strict()
const bidMisere = z
  .object({
    type: z.literal('bid'),
    misere: z.literal(true, { errorMap: () => ({ message: 'misère is bid as "misere": true' }) }),
  })
  .strict()
const play = z.object({ type: z.literal('play'), card: cardSchema }).strict()

/**
 * The wire/scenario form: `{type:'bid', suit}`, `{type:'bid', misere:true}`, `{type:'play', card}`.
 * Picks the shape by `type` (and `misere`) first so errors name the field that is wrong.
 */
export const actionSchema: z.ZodType<BugamiAction, z.ZodTypeDef, unknown> = z
  .record(z.unknown())
  .transform((raw, ctx): BugamiAction => {
    const shape = raw.type === 'play' ? play : raw.type === 'bid' ? ('misere' in raw ? bidMisere : bidSuit) : null
    if (!shape) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['type'],
        message: `unknown action type ${JSON.stringify(raw.type)}: Bugami actions are "bid" and "play"`,
      })
      return z.NEVER
    }
    const parsed = shape.safeParse(raw)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: issue.path, message: issue.message })
      return z.NEVER
    }
    return parsed.data
  })
