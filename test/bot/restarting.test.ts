import type { Interaction } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { refuseWhileStopping } from '../../src/bot.js'

/** An interaction as discord.js hands it over, reduced to what the answer while stopping uses. */
function interaction(locale: string): { replies: unknown[]; interaction: Interaction } {
  const replies: unknown[] = []
  const fake = { locale, isRepliable: () => true, reply: async (body: unknown) => void replies.push(body) }
  return { replies, interaction: fake as unknown as Interaction }
}

describe('an interaction while the bot stops', () => {
  it("is told so privately, in the member's language", async () => {
    const de = interaction('de')
    await refuseWhileStopping(de.interaction)
    expect(de.replies).toEqual([{ content: 'Der Bot startet gerade neu. Versuch es gleich noch einmal.', flags: 64 }])
    const en = interaction('en-GB')
    await refuseWhileStopping(en.interaction)
    expect(en.replies).toEqual([{ content: 'The bot is restarting. Try again in a moment.', flags: 64 }])
  })
})
