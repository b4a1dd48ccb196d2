import { MessageFlags, type RepliableInteraction } from 'discord.js'

/**
 * Answers for interactions that were deferred (every handler defers first, so the 3-second limit
 * never depends on the database). Refusals are ephemeral and say what to do instead.
 */
export async function answer(interaction: RepliableInteraction, content: string): Promise<void> {
  if (interaction.deferred || interaction.replied) {
    await interaction.editReply({ content, embeds: [], components: [], allowedMentions: { parse: [] } })
  } else {
    await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
  }
}

export async function refuse(interaction: RepliableInteraction, message: string): Promise<void> {
  await answer(interaction, `⚠️ ${message}`)
}

/** Defers privately: only the user who acted sees the "thinking" state and the answer. */
export async function deferPrivately(interaction: RepliableInteraction): Promise<void> {
  if (!interaction.deferred && !interaction.replied) await interaction.deferReply({ flags: MessageFlags.Ephemeral })
}
