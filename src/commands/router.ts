import type { Interaction } from 'discord.js'
import { parseCustomId } from '../messages/custom-ids.js'
import { REFUSALS } from '../messages/refusals.js'
import { renderRefusal } from '../render/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import { commandByName } from './index.js'
import { committedAnswer } from './committed.js'
import { handleComponent } from './components/index.js'

/**
 * Every interaction enters here. Routing uses only the command name or the custom_id and the
 * database (no collectors, no memory), so any button works after a restart.
 */
export async function routeInteraction(interaction: Interaction, ctx: BotContext): Promise<void> {
  if (!interaction.isRepliable()) return
  const lang = memberLang(interaction)
  const { t } = lang
  try {
    if (!interaction.inGuild()) return await answer(interaction, REFUSALS.notInGuild(lang))
    // Past their rate a member is told so, privately, and nothing else is done or waited for.
    if (!ctx.limit.take(`${interaction.guildId}:${interaction.user.id}`)) {
      ctx.log.info({ guildId: interaction.guildId }, 'member over the interaction rate')
      return await answer(interaction, REFUSALS.tooFast(lang))
    }
    if (interaction.isChatInputCommand()) {
      const command = commandByName(interaction.commandName)
      if (!command)
        return await answer(
          interaction,
          renderRefusal(t('commands:replies.unknownCommand'), t('commands:replies.unknownCommandHint')),
        )
      ctx.log.info(
        {
          command: interaction.commandName,
          sub: interaction.options.getSubcommand(false),
          guildId: interaction.guildId,
        },
        'command',
      )
      return await command.execute(interaction, ctx)
    }
    if (interaction.isButton() || interaction.isStringSelectMenu()) {
      const id = parseCustomId(interaction.customId)
      if (!id)
        return await answer(
          interaction,
          renderRefusal(t('commands:replies.deadButton'), t('commands:replies.deadButtonHint')),
        )
      return await handleComponent(ctx, interaction, id)
    }
  } catch (error) {
    // After a commit the member hears what changed; only a failure before it is "nothing was changed".
    const known = committedAnswer(interaction)
    ctx.log.error(
      { err: error, interactionId: interaction.id, committed: known !== undefined },
      known ? 'interaction failed after its change was saved' : 'interaction failed',
    )
    await answer(interaction, known ?? REFUSALS.somethingWrong(lang)).catch(() => undefined)
  }
}
