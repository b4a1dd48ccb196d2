import { MessageFlags, type ButtonInteraction, type Interaction, type RepliableInteraction } from 'discord.js'
import { parseCustomId } from '../messages/custom-ids.js'
import { REFUSALS } from '../messages/refusals.js'
import { renderRefusal } from '../render/refusals.js'
import { renderRules } from '../messages/general.js'
import { forUpdate, type Payload } from '../render/payload.js'
import type { BotContext } from './context.js'
import { commandByName } from './index.js'
import { askMove, joinTable, leaveByButton, playMove, rebuyAtTable, showHand, showRules, startGame } from './flows.js'
import { addAiByButton } from './ai-seats.js'
import { memberLang } from '../discord/lang.js'
import { startedAnswer } from '../discord/timely-answer.js'

/** A private answer: into the deferred (private) reply when there is one, else a new ephemeral reply. */
async function answerPrivately(interaction: RepliableInteraction, payload: Payload): Promise<void> {
  const started = startedAnswer(interaction)
  if (started && !interaction.replied) await started.send(payload)
  else if (interaction.replied) await interaction.followUp({ ...payload, flags: MessageFlags.Ephemeral })
  else if (interaction.deferred) await interaction.editReply(forUpdate(payload))
  else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral })
}

/**
 * Every interaction enters here. Routing uses only the command name or the custom_id and the
 * database (no collectors, no memory), so any button works after a restart.
 */
export async function routeInteraction(interaction: Interaction, ctx: BotContext): Promise<void> {
  if (!interaction.isRepliable()) return
  const lang = memberLang(interaction)
  const { t } = lang
  try {
    if (!interaction.inGuild()) return await answerPrivately(interaction, REFUSALS.notInGuild(lang))
    if (interaction.isChatInputCommand()) {
      const command = commandByName(interaction.commandName)
      if (!command)
        return await answerPrivately(
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
        return await answerPrivately(
          interaction,
          renderRefusal(t('commands:replies.deadButton'), t('commands:replies.deadButtonHint')),
        )
      if (id.kind === 'rules') {
        // Page buttons sit on the private rules message: turn its page in place.
        await interaction.update(forUpdate(renderRules(id.game, memberLang(interaction), id.page)))
        return
      }
      if (id.kind === 'ask') return await askMove(ctx, interaction, id.tableId, id.token, id.type)
      if (id.kind === 'leave') return await leaveByButton(ctx, interaction, id.tableId, id.token)
      if (id.kind === 'move') {
        const values = interaction.isStringSelectMenu() ? interaction.values : []
        return await playMove(ctx, interaction, id.tableId, id.token, id.move, values)
      }
      switch (id.verb) {
        case 'join':
          return await joinTable(ctx, interaction, id.tableId)
        case 'leave':
          return await leaveByButton(ctx, interaction, id.tableId)
        case 'start':
          return await startGame(ctx, interaction, id.tableId)
        case 'ai':
          return await addAiByButton(ctx, interaction as ButtonInteraction, id.tableId)
        case 'hand':
          return await showHand(ctx, interaction, id.tableId)
        case 'rebuy':
          return await rebuyAtTable(ctx, interaction, id.tableId)
        case 'rules': {
          const table = await ctx.tables.get(id.tableId)
          return await showRules(ctx, interaction, table?.game ?? '')
        }
      }
    }
  } catch (error) {
    ctx.log.error({ err: error, interactionId: interaction.id }, 'interaction failed')
    await answerPrivately(interaction, REFUSALS.somethingWrong(lang)).catch(() => undefined)
  }
}
