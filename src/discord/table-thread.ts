import {
  ChannelType,
  DiscordAPIError,
  RESTJSONErrorCodes,
  ThreadAutoArchiveDuration,
  type ChatInputCommandInteraction,
  type Message,
} from 'discord.js'
import type { Lang } from '../i18n/index.js'
import type { Logger } from '../lib/log.js'
import { plainUserText, userText } from '../render/user-text.js'

/** Where a new table opens: a channel, or a public thread the bot started for it. */
export type TablePlace =
  /** `parentId`: the command came from a thread; the server's table channels apply to its channel. */
  | { readonly kind: 'channel'; readonly channelId: string; readonly parentId?: string }
  | { readonly kind: 'thread'; readonly channelId: string; readonly parentId: string }
  /** Threads are on, but Discord refused one: the table is in the channel, and the host is told why. */
  | { readonly kind: 'fallback'; readonly channelId: string; readonly reason: ThreadRefusal }

/** Why a table's thread could not be opened: not a text channel, no permission, or another error. */
export type ThreadRefusal = 'textOnly' | 'permissions' | 'failed'

const NAME_MAX = 100

/** The channel a command was used in: itself, or for a thread the channel the thread lives in. */
export function commandPlace(interaction: ChatInputCommandInteraction): Extract<TablePlace, { kind: 'channel' }> {
  const channel = interaction.channel
  if (channel?.isThread() && channel.parentId)
    return { kind: 'channel', channelId: channel.id, parentId: channel.parentId }
  return { kind: 'channel', channelId: interaction.channelId }
}

/** The longest display name Discord allows: a name is cut there, between whole emojis. */
const DISPLAY_NAME_MAX = 32

/**
 * "Bura · alice": the thread's name in the channel list. Discord shows a channel name as plain
 * text (no markdown, no mentions), so the host's name is only made plain: escaping it would show
 * the backslashes.
 */
function threadName(title: string, host: string): string {
  return plainUserText(`${title} · ${plainUserText(host, DISPLAY_NAME_MAX)}`, NAME_MAX)
}

function refusalReason(error: unknown): ThreadRefusal {
  return error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.MissingPermissions
    ? 'permissions'
    : 'failed'
}

/**
 * Starts a public thread for a new table from a one-line pointer in the channel (Discord shows the
 * thread under it), so the channel keeps that line and the table lives in the thread. Anything
 * Discord refuses (permissions, an error) leaves the table in the channel, with the reason. The
 * pointer is public: in the server's language.
 */
export async function openTableThread(
  interaction: ChatInputCommandInteraction,
  title: string,
  log: Logger,
  lang: Lang,
): Promise<TablePlace> {
  // The name members know the host by here: their server nickname when the member is cached.
  const host = interaction.inCachedGuild() ? interaction.member.displayName : interaction.user.displayName
  const channel = interaction.channel
  if (channel?.type !== ChannelType.GuildText)
    return { kind: 'fallback', channelId: interaction.channelId, reason: 'textOnly' }
  let pointer: Message | undefined
  try {
    pointer = await channel.send({
      content: lang.t('commands:replies.thread.pointer', { host: userText(host, DISPLAY_NAME_MAX), game: title }),
      allowedMentions: { parse: [] },
    })
    const thread = await pointer.startThread({
      name: threadName(title, host),
      // The longest Discord offers: a slow table's thread stays in the list between turns.
      autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
    })
    return { kind: 'thread', channelId: thread.id, parentId: interaction.channelId }
  } catch (error) {
    log.info({ err: error, channelId: interaction.channelId }, 'could not start a thread for a table')
    // The pointer would point to nothing.
    await pointer?.delete().catch(() => {})
    return { kind: 'fallback', channelId: interaction.channelId, reason: refusalReason(error) }
  }
}
