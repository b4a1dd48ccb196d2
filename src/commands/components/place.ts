import type { TableSnapshot } from '../../tables/index.js'
import type { BotContext } from '../context.js'
import type { Component } from './component.js'

/** Where a control was used, against where its table is: the same place, or another channel or server. */
export type Placement = 'here' | 'other-channel' | 'other-server'

/**
 * A custom_id names its table, and a modified client can send any custom_id: a control counts only
 * in its table's server and channel, or between a channel and a thread of it (the table's thread,
 * or a thread opened under the table's channel).
 */
export function placement(
  ctx: BotContext,
  interaction: Component,
  table: Pick<TableSnapshot, 'guildId' | 'channelId'>,
): Placement {
  if (interaction.guildId !== table.guildId) return 'other-server'
  const here = interaction.channelId
  if (here === table.channelId) return 'here'
  const channel = interaction.channel
  if (channel?.isThread() && channel.parentId === table.channelId) return 'here'
  const tableChannel = ctx.client.channels.cache.get(table.channelId)
  if (tableChannel?.isThread() && tableChannel.parentId === here) return 'here'
  return 'other-channel'
}
