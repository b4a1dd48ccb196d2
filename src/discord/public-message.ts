import {
  DiscordAPIError,
  RateLimitError,
  RESTJSONErrorCodes,
  SnowflakeUtil,
  type Client,
  type MessageCreateOptions,
  type MessageEditOptions,
} from 'discord.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import { crashPoint } from '../lib/crash-points.js'
import { keepUploaded } from '../render/images/attach.js'
import type { Lru } from '../lib/lru.js'
import type { Payload } from '../render/payload.js'

/**
 * Discord caps edits to messages older than an hour (error 30046). A table message older than this
 * is replaced by a fresh one before the cap can bite, so a long game never gets stuck on it.
 */
export const FRESH_MESSAGE_MS = 50 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

const REPLACE_ON = new Set<number>([
  RESTJSONErrorCodes.MaximumNumberOfEditsToMessagesOlderThanOneHourReached,
  RESTJSONErrorCodes.UnknownMessage,
])

export interface PublicMessagePlace {
  readonly channelId: string
  readonly messageId: string | null
}

export type Sendable = MessageCreateOptions & MessageEditOptions

export interface PublicMessageDeps {
  readonly client: Client
  readonly clock: Clock
  readonly log: Logger
  /**
   * File names on each message as last sent: an edit leaves out a picture already there. A message
   * not in it is read once before an edit with a picture.
   */
  readonly uploads?: Lru<string, readonly string[]>
}

/**
 * Waits longer than this are refused instead of waited out (`rejectOnRateLimit` in bot.ts):
 * Discord answers the hour-old edit cap (30046) as a 429 with an hour's retry_after, and a table
 * must never freeze for an hour on one edit.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000

function isReplaceable(error: unknown): boolean {
  if (error instanceof RateLimitError) return true
  return error instanceof DiscordAPIError && typeof error.code === 'number' && REPLACE_ON.has(error.code)
}

function codeOf(error: unknown): number | string | undefined {
  return error instanceof DiscordAPIError ? error.code : error instanceof RateLimitError ? 'rate-limit' : undefined
}

async function textChannel(client: Client, channelId: string) {
  const channel = client.channels.cache.get(channelId) ?? (await client.channels.fetch(channelId))
  if (!channel || !channel.isTextBased() || !('send' in channel))
    throw new Error(`channel ${channelId} is not a text channel`)
  return channel
}

type MessageChannel = Awaited<ReturnType<typeof textChannel>>

/**
 * The file names on a table message: as last sent, or, when not remembered (after a restart) and
 * the edit carries a picture, read from the message once: its names are content hashes, so a
 * picture already there is not uploaded again. A message that cannot be read is taken as bare
 * (the edit then uploads, or fails as it would have).
 */
async function fileNamesOn(
  channel: MessageChannel,
  messageId: string,
  payload: Payload,
  uploads: Lru<string, readonly string[]> | undefined,
): Promise<readonly string[]> {
  const known = uploads?.get(messageId)
  if (known || !uploads || !payload.files?.length) return known ?? []
  const message = await channel.messages.fetch({ message: messageId, force: true }).catch(() => null)
  return message ? message.attachments.map((a) => a.name) : []
}

/**
 * A message's age; Infinity for none. A message id tells its creation time, so the age survives
 * restarts without being stored.
 */
function ageOf(now: number, messageId: string | null): number {
  return messageId === null ? Infinity : now - SnowflakeUtil.timestampFrom(messageId)
}

/**
 * Whether the next `showPublicMessage` for this message id edits it in place (it is fresh), rather
 * than posting a new one (none yet, or too old). A refused edit may still lead to a new one.
 */
export function editsInPlace(now: number, messageId: string | null): messageId is string {
  return ageOf(now, messageId) < FRESH_MESSAGE_MS
}

/**
 * Shows `payload` as the table's public message: edits the message in place while it is fresh,
 * otherwise posts a fresh one and retires the old (pointing to the new one). Returns the id of the
 * message now showing the table (the caller saves it when it changed).
 */
export async function showPublicMessage(
  deps: PublicMessageDeps,
  place: PublicMessagePlace,
  payload: Payload,
  retired: (newMessageUrl: string) => Sendable,
  nonce: string,
): Promise<string> {
  const uploads = deps.uploads
  const channel = await textChannel(deps.client, place.channelId)
  const old = place.messageId
  const now = deps.clock.now()
  if (editsInPlace(now, old)) {
    try {
      const edited = await channel.messages.edit(
        old,
        keepUploaded(payload, await fileNamesOn(channel, old, payload, uploads)),
      )
      uploads?.set(
        old,
        edited.attachments.map((a) => a.name),
      )
      return old
    } catch (error) {
      if (!isReplaceable(error)) throw error
      deps.log.info(
        { channelId: place.channelId, code: codeOf(error) },
        'table message refused an edit; posting a fresh one',
      )
    }
  }
  // Posted at most once per nonce: a repeat after a crash returns the message already posted.
  const fresh = await channel.send({ ...payload, nonce, enforceNonce: true })
  crashPoint('table-posted')
  uploads?.set(
    fresh.id,
    fresh.attachments.map((a) => a.name),
  )
  // An hour-old message takes no edits (30046): leave it, rather than spend a refused request.
  if (old !== null && ageOf(now, old) < HOUR_MS) {
    // Retiring is a courtesy: when Discord refuses the edit the old message stays as it was, and
    // its buttons keep working because they route by table id, not by message.
    await channel.messages.edit(old, retired(fresh.url)).catch((error: unknown) => {
      deps.log.info({ channelId: place.channelId, code: codeOf(error) }, 'old table message could not be retired')
    })
  }
  return fresh.id
}

/**
 * Posts a short public message in a table's channel (turn pings, results, reminders) and returns
 * its id. Discord creates one message per `nonce` (enforce_nonce, within a few minutes), so a post
 * repeated after a crash between posting and recording it does not show twice.
 */
export async function postInChannel(
  client: Client,
  channelId: string,
  payload: MessageCreateOptions,
  nonce: string,
): Promise<string> {
  const channel = await textChannel(client, channelId)
  return (await channel.send({ ...payload, nonce, enforceNonce: true })).id
}

/** Deletes a message of the bot's; one that is already gone counts as deleted. */
export async function deleteInChannel(client: Client, channelId: string, messageId: string): Promise<void> {
  const channel = await textChannel(client, channelId)
  await channel.messages.delete(messageId).catch((error: unknown) => {
    if (!(error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage)) throw error
  })
}

/** Whether a message is still in its channel (someone may have deleted the table message). */
export async function messageExists(client: Client, channelId: string, messageId: string): Promise<boolean> {
  const channel = await textChannel(client, channelId)
  try {
    await channel.messages.fetch({ message: messageId, force: true })
    return true
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage) return false
    throw error
  }
}
