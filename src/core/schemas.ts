import { z } from 'zod'
import { parseCard, type Card } from './cards.js'

/** A card code in scenario files and component values; `10H` and lower case are accepted. */
export const cardSchema = z.string().transform((text, ctx): Card => {
  const c = parseCard(text)
  if (!c) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${text}" is not a card code (like 7D, TH, X1)` })
    return z.NEVER
  }
  return c
})
