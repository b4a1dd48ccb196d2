import { ChannelType, GatewayDispatchEvents, GatewayIntentBits, MessageFlags } from 'discord-api-types/v10'
import {
  addFormError,
  invalidFormBody,
  missingPermissions,
  threadAlreadyCreated,
  unknownGuild,
  wrongChannelType,
  type FormErrorTree,
} from './errors.js'
import { apiChannel, type ChannelRecord, type MessageRecord } from './model.js'
import type { World } from './world.js'

/** Discord's auto-archive choices, in minutes (1 hour, 1 day, 3 days, 1 week). */
const AUTO_ARCHIVE = [60, 1440, 4320, 10080]
/** Message type of the "X started a thread" line Discord posts in the parent of a thread without a message. */
const THREAD_CREATED_MESSAGE = 18

export interface StartThreadBody {
  name?: unknown
  auto_archive_duration?: unknown
  type?: unknown
}

function checkBody(body: StartThreadBody, withMessage: boolean): { name: string; autoArchiveMinutes: number } {
  const errors: FormErrorTree = {}
  const name = typeof body.name === 'string' ? body.name.trim() : ''
  if (name.length < 1 || name.length > 100)
    addFormError(errors, ['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.')
  const archive = body.auto_archive_duration ?? 4320
  if (typeof archive !== 'number' || !AUTO_ARCHIVE.includes(archive))
    addFormError(
      errors,
      ['auto_archive_duration'],
      'BASE_TYPE_CHOICES',
      `Value must be one of ${AUTO_ARCHIVE.join(', ')}.`,
    )
  // Only public threads are simulated; a thread from a message is always public in a text channel.
  if (!withMessage && body.type !== undefined && body.type !== ChannelType.PublicThread)
    addFormError(errors, ['type'], 'BASE_TYPE_CHOICES', 'The fake Discord simulates public threads (type 11) only.')
  if (Object.keys(errors).length) throw invalidFormBody(errors)
  return { name, autoArchiveMinutes: archive as number }
}

/**
 * Starts a public thread in a text channel, as `POST /channels/:id/threads` (no message: Discord
 * posts a "started a thread" line in the channel) or `POST /channels/:id/messages/:id/threads`
 * (the thread takes the message's id and the message gets the HAS_THREAD flag). The bot gets
 * THREAD_CREATE; its messages then go to the thread's id like to any channel.
 */
export function startThread(
  world: World,
  parent: ChannelRecord,
  body: StartThreadBody,
  starter?: MessageRecord,
): ChannelRecord {
  if (parent.parentId !== null) throw wrongChannelType()
  if (parent.refusesThreads) throw missingPermissions()
  const guild = world.guildById(parent.guildId)
  if (!guild) throw unknownGuild()
  const { name, autoArchiveMinutes } = checkBody(body, starter !== undefined)
  if (starter && guild.threads.some((t) => t.id === starter.id)) throw threadAlreadyCreated()
  const thread: ChannelRecord = {
    id: starter?.id ?? world.nextId(),
    guildId: guild.id,
    name,
    position: 0,
    parentId: parent.id,
    ownerId: world.bot.id,
    createdAt: world.clock.now(),
    autoArchiveMinutes,
  }
  guild.threads.push(thread)
  world.dispatch(
    GatewayDispatchEvents.ThreadCreate,
    { ...apiChannel(thread), newly_created: true },
    GatewayIntentBits.Guilds,
  )
  // Not an edit (no edited timestamp): the message now shows its thread under it.
  if (starter) starter.flags |= MessageFlags.HasThread
  else world.createMessage(parent, { content: name }, { type: THREAD_CREATED_MESSAGE })
  return thread
}
