import {
  ChannelType,
  GuildMemberFlags,
  MessageFlags,
  PermissionFlagsBits,
  type APIApplicationCommand,
  type APIEmbed,
  type APIGuildMember,
  type APIMessage,
  type APIRole,
  type APIUser,
} from 'discord-api-types/v10'
import type { Pings } from './mentions.js'
import { apiAttachment, fakeAttachment, type AttachmentRecord, type FakeAttachment } from './attachments.js'

/** A message as tests see it: a plain snapshot, safe to keep and compare. */
export interface FakeMessage {
  id: string
  channelId: string
  guildId: string
  content: string
  embeds: APIEmbed[]
  /** Top-level components exactly as the bot sent them (action rows, or Components V2 layout). */
  components: Record<string, unknown>[]
  flags: number
  author: { id: string; username: string; bot: boolean }
  /** Milliseconds on the fake's clock. */
  createdAt: number
  editedAt: number | null
  /** The user who alone can see this message, or null for a public message. */
  ephemeralFor: string | null
  /** The interaction this message answers (reply or follow-up), if any. */
  interactionId: string | null
  /** A deferred reply still showing "… is thinking". */
  loading: boolean
  /** Files on the message; their bytes are served at `url`. */
  attachments: FakeAttachment[]
  /** The nonce the message was created with (channel posts), as Discord echoes it. */
  nonce: string | null
  /** Whom the message notified when it was sent (its mentions under its `allowed_mentions`). */
  pings: Pings
}

export interface UserRecord {
  id: string
  username: string
  bot: boolean
}

export interface MemberRecord {
  user: UserRecord
  guildId: string
  admin: boolean
  joinedAt: number
  /** The member's Discord client language ("en-US", "de"), sent with each of their interactions. */
  locale: string
}

export interface ChannelRecord {
  id: string
  guildId: string
  name: string
  position: number
  /** A public thread (type 11) lives in this text channel; null for a text channel. */
  parentId: string | null
  /** Threads only: who started it, when (fake clock ms), and its auto-archive minutes. */
  ownerId?: string
  createdAt?: number
  autoArchiveMinutes?: number
  /** A test denies the bot Create Public Threads here: starting one answers 403 Missing Permissions. */
  refusesThreads?: boolean
  /**
   * The bot lost its access here: every request about the channel answers 403 with this Discord
   * code (50001 Missing Access: the channel is hidden from it; 50013 Missing Permissions).
   */
  noAccess?: 50001 | 50013
}

export interface GuildRecord {
  id: string
  name: string
  ownerId: string
  adminRoleId: string
  createdAt: number
  channels: ChannelRecord[]
  /** Active threads of the guild's channels (Discord lists them apart from the channels). */
  threads: ChannelRecord[]
  members: MemberRecord[]
  /** The server's Discord language ("en-US", "de"): `preferred_locale`, an interaction's `guild_locale`. */
  preferredLocale: string
}

/** A message as the fake keeps it: what tests see, plus Discord's bookkeeping. */
export interface MessageRecord extends FakeMessage {
  /** Message type: 0 default, 20 chat input command reply, 19 reply. */
  type: number
  webhookId: string | null
  deleted: boolean
  /** Edits made after the message turned one hour old (Discord caps them). */
  oldEdits: number
  attachments: AttachmentRecord[]
}

export type CommandRecord = APIApplicationCommand

/** Permissions every member has through @everyone in the fake's guilds. */
export const EVERYONE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.CreateInstantInvite |
  PermissionFlagsBits.ChangeNickname

export const ADMIN_ROLE_PERMISSIONS = PermissionFlagsBits.Administrator | PermissionFlagsBits.ManageGuild

/** Discord reports every permission for an administrator. */
export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n)

export const BOT_PERMISSIONS = EVERYONE_PERMISSIONS | PermissionFlagsBits.ManageMessages

export function memberPermissions(member: MemberRecord): bigint {
  return member.admin ? ALL_PERMISSIONS : EVERYONE_PERMISSIONS
}

const iso = (ms: number) => new Date(ms).toISOString()

export function apiUser(user: UserRecord): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.bot ? null : user.username,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
  }
}

export function apiMember(member: MemberRecord, guild: GuildRecord): APIGuildMember {
  return {
    user: apiUser(member.user),
    nick: null,
    avatar: null,
    banner: null,
    roles: member.admin ? [guild.adminRoleId] : [],
    joined_at: iso(member.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
  }
}

export function apiRoles(guild: GuildRecord): APIRole[] {
  const role = (id: string, name: string, position: number, permissions: bigint): APIRole => ({
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0 as APIRole['flags'],
  })
  return [
    role(guild.id, '@everyone', 0, EVERYONE_PERMISSIONS),
    role(guild.adminRoleId, 'Admin', 1, ADMIN_ROLE_PERMISSIONS),
  ]
}

export function apiChannel(channel: ChannelRecord, lastMessageId: string | null = null) {
  if (channel.parentId !== null) return apiThread(channel, lastMessageId)
  return {
    id: channel.id,
    type: ChannelType.GuildText as const,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: [],
    parent_id: null,
    topic: null,
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: lastMessageId,
    flags: 0,
  }
}

/** A public thread as Discord describes it (GET /channels/:id, THREAD_CREATE, GUILD_CREATE `threads`). */
export function apiThread(thread: ChannelRecord, lastMessageId: string | null = null) {
  return {
    id: thread.id,
    type: ChannelType.PublicThread as const,
    guild_id: thread.guildId,
    parent_id: thread.parentId,
    owner_id: thread.ownerId ?? null,
    name: thread.name,
    last_message_id: lastMessageId,
    rate_limit_per_user: 0,
    message_count: 0,
    member_count: 1,
    total_message_sent: 0,
    flags: 0,
    thread_metadata: {
      archived: false,
      auto_archive_duration: thread.autoArchiveMinutes ?? 4320,
      archive_timestamp: iso(thread.createdAt ?? 0),
      locked: false,
      create_timestamp: iso(thread.createdAt ?? 0),
    },
  }
}

export function apiMessage(
  message: MessageRecord,
  interaction?: { id: string; type: number; user: UserRecord },
): APIMessage {
  return {
    id: message.id,
    channel_id: message.channelId,
    author: apiUser(message.author),
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : iso(message.editedAt),
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map(apiAttachment),
    embeds: message.embeds,
    components: message.components as unknown as APIMessage['components'],
    pinned: false,
    type: message.type,
    flags: message.flags | (message.loading ? MessageFlags.Loading : 0),
    ...(message.nonce !== null ? { nonce: message.nonce } : {}),
    ...(message.webhookId ? { webhook_id: message.webhookId, application_id: message.webhookId } : {}),
    ...(interaction
      ? {
          interaction_metadata: {
            id: interaction.id,
            type: interaction.type,
            user: apiUser(interaction.user),
            authorizing_integration_owners: { '0': message.guildId },
          },
        }
      : {}),
  }
}

/**
 * A message as it is now, sharing the record's parts: for a look that ends at once (a predicate
 * deciding whether to wait on), never to keep or to change.
 */
export function look(message: MessageRecord): FakeMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    guildId: message.guildId,
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    flags: message.flags,
    author: { id: message.author.id, username: message.author.username, bot: message.author.bot },
    createdAt: message.createdAt,
    editedAt: message.editedAt,
    ephemeralFor: message.ephemeralFor,
    interactionId: message.interactionId,
    loading: message.loading,
    attachments: message.attachments.map(fakeAttachment),
    nonce: message.nonce,
    pings: message.pings,
  }
}

export function snapshot(message: MessageRecord): FakeMessage {
  return structuredClone(look(message))
}
