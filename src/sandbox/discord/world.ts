import { EventEmitter } from 'node:events'
import { GatewayDispatchEvents, GatewayIntentBits, MessageFlags } from 'discord-api-types/v10'
import type { Clock } from '../../lib/clock.js'
import { snowflakes } from './snowflake.js'
import {
  addFormError,
  emptyMessage,
  invalidFormBody,
  missingAccess,
  missingPermissions,
  notAuthor,
  oldMessageEditCap,
  unknownChannel,
  unknownMessage,
  type FormErrorTree,
} from './errors.js'
import { checkMessageBody, type MessageBody } from './limits.js'
import { NO_PINGS, pingsOf } from './mentions.js'
import { AttachmentStore } from './attachments.js'
import { ApplicationEmojis } from './emojis.js'
import {
  apiChannel,
  apiMember,
  apiMessage,
  apiRoles,
  apiUser,
  type ChannelRecord,
  type CommandRecord,
  type GuildRecord,
  type MemberRecord,
  type MessageRecord,
  type UserRecord,
} from './model.js'

export const HOUR = 60 * 60 * 1000
/** How long Discord remembers a nonce for enforce_nonce ("the past few minutes"). */
export const NONCE_WINDOW_MS = 5 * 60 * 1000

/** Sends one dispatch to the bot's gateway session(s); `intent` filters events the bot did not ask for. */
export type Dispatch = (event: GatewayDispatchEvents, data: unknown, intent?: GatewayIntentBits) => void

export interface WorldOptions {
  clock: Clock
  botName: string
  /** Edits allowed on a message once it is an hour old (Discord caps them; 0 refuses every one). */
  oldMessageEdits: number
}

/**
 * Everything the fake Discord knows: users, guilds, channels, messages and commands. REST routes,
 * the gateway and the test API all read and change it through these methods.
 */
export class World {
  readonly clock: Clock
  readonly nextId: () => string
  readonly bot: UserRecord
  readonly guilds: GuildRecord[] = []
  /** Servers the bot was removed from: their channels still exist, but the bot may not see them. */
  private readonly left = new Set<GuildRecord>()
  readonly messages: MessageRecord[] = []
  // Indexes over `messages` (a load test holds hundreds of thousands): by id, channel and nonce.
  private readonly messagesById = new Map<string, MessageRecord>()
  private readonly messagesByChannel = new Map<string, MessageRecord[]>()
  private readonly messagesByNonce = new Map<string, MessageRecord[]>()
  readonly globalCommands: CommandRecord[] = []
  readonly guildCommands = new Map<string, CommandRecord[]>()
  /** Fires 'message' with the record after every create, edit or delete. */
  readonly events = new EventEmitter()
  /**
   * The same, for one channel's messages: a load test waits on hundreds of channels at once, and
   * each change reaches only the waits of its own channel, not every one of them.
   */
  private readonly channelListeners = new Map<string, Set<(message: MessageRecord) => void>>()
  /** Uploaded files, served over HTTP at their attachment url. */
  readonly attachments: AttachmentStore
  /** The bot application's own emojis. */
  readonly emojis: ApplicationEmojis
  dispatch: Dispatch = () => {}

  constructor(readonly options: WorldOptions) {
    this.clock = options.clock
    this.nextId = snowflakes(options.clock)
    this.bot = { id: this.nextId(), username: options.botName, bot: true }
    this.attachments = new AttachmentStore(this.nextId)
    this.emojis = new ApplicationEmojis(this.nextId, () => this.bot)
    this.events.setMaxListeners(0)
  }

  // ── guilds, channels, members ──────────────────────────────────────────

  guildByName(name: string): GuildRecord {
    let guild = this.guilds.find((g) => g.name === name)
    if (!guild) {
      guild = {
        id: this.nextId(),
        name,
        ownerId: this.nextId(),
        adminRoleId: this.nextId(),
        createdAt: this.clock.now(),
        channels: [],
        threads: [],
        members: [],
        preferredLocale: 'en-US',
      }
      this.guilds.push(guild)
      this.dispatch(GatewayDispatchEvents.GuildCreate, this.guildCreatePayload(guild), GatewayIntentBits.Guilds)
    }
    return guild
  }

  guildById(id: string): GuildRecord | undefined {
    return this.guilds.find((g) => g.id === id)
  }

  channelByName(guild: GuildRecord, name: string): ChannelRecord {
    let channel = guild.channels.find((c) => c.name === name)
    if (!channel) {
      channel = { id: this.nextId(), guildId: guild.id, name, position: guild.channels.length, parentId: null }
      guild.channels.push(channel)
      this.dispatch(GatewayDispatchEvents.ChannelCreate, apiChannel(channel), GatewayIntentBits.Guilds)
    }
    return channel
  }

  /** A text channel or a thread. */
  channelById(id: string): ChannelRecord | undefined {
    for (const guild of this.guilds) {
      const channel = guild.channels.find((c) => c.id === id) ?? guild.threads.find((t) => t.id === id)
      if (channel) return channel
    }
    return undefined
  }

  /** A channel or thread the bot may use, or Discord's error: unknown (deleted), or no access. */
  requireChannel(id: string): ChannelRecord {
    const channel = this.channelById(id)
    if (!channel) {
      if ([...this.left].some((g) => g.channels.some((c) => c.id === id) || g.threads.some((t) => t.id === id)))
        throw missingAccess()
      throw unknownChannel()
    }
    const access = channel.noAccess ?? (channel.parentId !== null ? this.channelById(channel.parentId)?.noAccess : null)
    if (access === 50001) throw missingAccess()
    if (access === 50013) throw missingPermissions()
    return channel
  }

  /**
   * Deletes a text channel (with its threads) or a thread: CHANNEL_DELETE / THREAD_DELETE to the bot,
   * and from then on every request about it answers 404 Unknown Channel (10003).
   */
  deleteChannel(channel: ChannelRecord): void {
    const guild = this.guildById(channel.guildId)
    if (!guild) return
    if (channel.parentId !== null) {
      guild.threads = guild.threads.filter((t) => t.id !== channel.id)
      this.dispatch(
        GatewayDispatchEvents.ThreadDelete,
        { id: channel.id, guild_id: guild.id, parent_id: channel.parentId, type: 11 },
        GatewayIntentBits.Guilds,
      )
      return
    }
    // Discord deletes a channel's threads with it, without a THREAD_DELETE for each.
    guild.threads = guild.threads.filter((t) => t.parentId !== channel.id)
    guild.channels = guild.channels.filter((c) => c.id !== channel.id)
    this.dispatch(GatewayDispatchEvents.ChannelDelete, apiChannel(channel), GatewayIntentBits.Guilds)
  }

  /**
   * The bot is removed from a server (kicked, or the server deleted): GUILD_DELETE without
   * `unavailable`, and every request about its channels answers 403 Missing Access (50001).
   */
  removeBot(guild: GuildRecord): void {
    const at = this.guilds.indexOf(guild)
    if (at < 0) return
    this.guilds.splice(at, 1)
    this.left.add(guild)
    this.dispatch(GatewayDispatchEvents.GuildDelete, { id: guild.id }, GatewayIntentBits.Guilds)
  }

  /** A server outage: GUILD_DELETE with `unavailable: true`; the bot is still a member (GUILD_CREATE ends it). */
  guildOutage(guild: GuildRecord): void {
    this.dispatch(GatewayDispatchEvents.GuildDelete, { id: guild.id, unavailable: true }, GatewayIntentBits.Guilds)
  }

  /** The end of an outage: the guild is announced again (GUILD_CREATE). */
  guildBack(guild: GuildRecord): void {
    this.dispatch(GatewayDispatchEvents.GuildCreate, this.guildCreatePayload(guild), GatewayIntentBits.Guilds)
  }

  memberByName(guild: GuildRecord, name: string, admin: boolean | undefined): MemberRecord {
    let member = guild.members.find((m) => m.user.username === name)
    if (!member) {
      member = {
        user: { id: this.nextId(), username: name, bot: false },
        guildId: guild.id,
        admin: admin ?? false,
        joinedAt: this.clock.now(),
        locale: 'en-US',
      }
      guild.members.push(member)
      this.dispatch(
        GatewayDispatchEvents.GuildMemberAdd,
        { ...apiMember(member, guild), guild_id: guild.id },
        GatewayIntentBits.GuildMembers,
      )
    } else if (admin !== undefined && admin !== member.admin) {
      member.admin = admin
      this.dispatch(
        GatewayDispatchEvents.GuildMemberUpdate,
        { ...apiMember(member, guild), guild_id: guild.id },
        GatewayIntentBits.GuildMembers,
      )
    }
    return member
  }

  findUser(id: string): UserRecord | undefined {
    if (id === this.bot.id) return this.bot
    for (const guild of this.guilds) {
      const member = guild.members.find((m) => m.user.id === id)
      if (member) return member.user
    }
    return undefined
  }

  /** GUILD_UPDATE with the guild's fields now (e.g. a new preferred locale). */
  dispatchGuildUpdate(guild: GuildRecord): void {
    this.dispatch(GatewayDispatchEvents.GuildUpdate, this.guildCreatePayload(guild), GatewayIntentBits.Guilds)
  }

  guildCreatePayload(guild: GuildRecord) {
    const botMember: MemberRecord = {
      user: this.bot,
      guildId: guild.id,
      admin: false,
      joinedAt: guild.createdAt,
      locale: 'en-US',
    }
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: apiRoles(guild),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: guild.preferredLocale,
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      // GUILD_CREATE-only fields: discord.js caches channels and members from these.
      joined_at: new Date(guild.createdAt).toISOString(),
      large: false,
      unavailable: false,
      member_count: guild.members.length + 1,
      voice_states: [],
      members: [...guild.members, botMember].map((m) => apiMember(m, guild)),
      channels: guild.channels.map((c) => apiChannel(c, this.lastMessageId(c.id))),
      threads: guild.threads.map((t) => apiChannel(t, this.lastMessageId(t.id))),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    }
  }

  // ── messages ───────────────────────────────────────────────────────────

  /** Every message of a channel (deleted and ephemeral ones included), oldest first. */
  channelRecords(channelId: string): readonly MessageRecord[] {
    return this.messagesByChannel.get(channelId) ?? []
  }

  lastMessageId(channelId: string): string | null {
    const last = this.channelRecords(channelId).findLast((m) => !m.ephemeralFor && !m.deleted)
    return last?.id ?? null
  }

  /** A message the bot can see through channel routes: public and not deleted. */
  channelMessage(channelId: string, messageId: string): MessageRecord {
    const found = this.messagesById.get(messageId)
    const message = found?.channelId === channelId ? found : undefined
    // Ephemeral messages do not exist for the channel routes: Discord answers Unknown Message.
    if (!message || message.deleted || message.ephemeralFor) throw unknownMessage()
    return message
  }

  messageById(id: string): MessageRecord | undefined {
    return this.messagesById.get(id)
  }

  createMessage(
    channel: ChannelRecord,
    body: MessageBody,
    extra: Partial<
      Pick<MessageRecord, 'ephemeralFor' | 'interactionId' | 'type' | 'webhookId' | 'loading' | 'author' | 'nonce'>
    > = {},
  ): MessageRecord {
    const flags = (body.flags ?? 0) & ~MessageFlags.Ephemeral
    checkMessageBody(body, flags)
    const loading = extra.loading ?? false
    const attachments = this.attachments.resolve(channel.id, [], body)
    const embeds = this.attachments.embedsWith(body.embeds ?? [], attachments)
    if (!loading && !body.content && !embeds.length && !body.components?.length && !attachments.length)
      throw emptyMessage()
    const message: MessageRecord = {
      id: this.nextId(),
      channelId: channel.id,
      guildId: channel.guildId,
      content: body.content ?? '',
      embeds: embeds.map((e) => ({ type: 'rich', ...e }) as MessageRecord['embeds'][number]),
      components: body.components ?? [],
      attachments,
      flags: flags | (extra.ephemeralFor ? MessageFlags.Ephemeral : 0),
      author: extra.author ?? this.bot,
      createdAt: this.clock.now(),
      editedAt: null,
      ephemeralFor: extra.ephemeralFor ?? null,
      interactionId: extra.interactionId ?? null,
      type: extra.type ?? 0,
      webhookId: extra.webhookId ?? null,
      deleted: false,
      loading,
      oldEdits: 0,
      nonce: extra.nonce ?? null,
      // A deferred reply notifies when it is filled in, not while it is "thinking".
      pings: loading ? NO_PINGS : pingsOf(body.content ?? '', body.allowed_mentions),
    }
    this.messages.push(message)
    this.messagesById.set(message.id, message)
    const inChannel = this.messagesByChannel.get(message.channelId)
    if (inChannel) inChannel.push(message)
    else this.messagesByChannel.set(message.channelId, [message])
    if (message.nonce !== null)
      this.messagesByNonce.set(message.nonce, [...(this.messagesByNonce.get(message.nonce) ?? []), message])
    this.announce(message, GatewayDispatchEvents.MessageCreate)
    return message
  }

  /**
   * A channel post (`POST /channels/:id/messages`) with Discord's `nonce` rules: a nonce is a
   * string of up to 25 characters or an integer, and with `enforce_nonce` a second post by the
   * same author with the same nonce within a few minutes (here 5, on the fake's clock) returns the
   * first message instead of creating another (unless that one has been deleted meanwhile).
   */
  postMessage(channel: ChannelRecord, body: MessageBody & { nonce?: unknown; enforce_nonce?: unknown }): MessageRecord {
    const { nonce: raw, enforce_nonce: enforce, ...rest } = body
    let nonce: string | null = null
    if (raw !== undefined && raw !== null) {
      const valid = (typeof raw === 'string' && raw.length <= 25) || Number.isSafeInteger(raw)
      if (!valid) {
        const errors: FormErrorTree = {}
        addFormError(errors, ['nonce'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.')
        throw invalidFormBody(errors)
      }
      nonce = String(raw)
    }
    if (nonce !== null && enforce === true) {
      const since = this.clock.now() - NONCE_WINDOW_MS
      const first = (this.messagesByNonce.get(nonce) ?? []).find(
        (m) => m.nonce === nonce && m.author.id === this.bot.id && m.createdAt >= since && !m.deleted,
      )
      if (first) return first
    }
    return this.createMessage(channel, rest, { nonce })
  }

  /**
   * Applies an edit as Discord does: only the fields present change; limits are checked on the
   * result. Through the channel routes, a message older than an hour takes only `oldMessageEdits`
   * edits (error 30046 after). `via: 'interaction'` (update callbacks and interaction-token edits)
   * is not capped; `via: 'fillDeferred'` completes a deferred reply, which is not an edit at all.
   */
  editMessage(
    message: MessageRecord,
    body: MessageBody,
    via: 'channel' | 'interaction' | 'fillDeferred' = 'channel',
  ): MessageRecord {
    if (message.author.id !== this.bot.id) throw notAuthor()
    const fillDeferred = via === 'fillDeferred'
    const isOld = this.clock.now() - message.createdAt >= HOUR
    if (via === 'channel' && isOld && message.oldEdits >= this.options.oldMessageEdits) {
      throw oldMessageEditCap(HOUR / 1000)
    }
    const keep = message.flags & MessageFlags.Ephemeral
    const flags =
      body.flags === undefined || body.flags === null ? message.flags : (body.flags & ~MessageFlags.Ephemeral) | keep
    const next = {
      content: body.content === undefined ? message.content : (body.content ?? ''),
      embeds: body.embeds === undefined ? message.embeds : (body.embeds ?? []),
      components: body.components === undefined ? message.components : (body.components ?? []),
    }
    checkMessageBody({ ...next, flags }, flags)
    const attachments = this.attachments.resolve(message.channelId, message.attachments, body)
    const embeds = this.attachments.embedsWith(next.embeds, attachments)
    if (!next.content && !embeds.length && !next.components.length && !attachments.length) throw emptyMessage()
    message.content = next.content
    message.embeds = embeds.map((e) => ({ type: 'rich', ...e }) as MessageRecord['embeds'][number])
    message.attachments = attachments
    message.components = next.components
    message.flags = flags
    if (fillDeferred) {
      message.loading = false
      message.pings = pingsOf(message.content, body.allowed_mentions)
    } else {
      message.editedAt = this.clock.now()
      if (isOld && via === 'channel') message.oldEdits++
    }
    this.announce(message, GatewayDispatchEvents.MessageUpdate)
    return message
  }

  deleteMessage(message: MessageRecord): void {
    message.deleted = true
    this.changed(message)
    if (!message.ephemeralFor) {
      this.dispatch(
        GatewayDispatchEvents.MessageDelete,
        { id: message.id, channel_id: message.channelId, guild_id: message.guildId },
        GatewayIntentBits.GuildMessages,
      )
    }
  }

  /** Calls `listener` after every create, edit or delete of a message in the channel; returns its removal. */
  onChannelMessage(channelId: string, listener: (message: MessageRecord) => void): () => void {
    let listeners = this.channelListeners.get(channelId)
    if (!listeners) this.channelListeners.set(channelId, (listeners = new Set()))
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
      if (!listeners.size) this.channelListeners.delete(channelId)
    }
  }

  private changed(message: MessageRecord): void {
    this.events.emit('message', message)
    const listeners = this.channelListeners.get(message.channelId)
    // A copy: a listener may remove itself (or add another) while they are called.
    if (listeners) for (const listener of [...listeners]) listener(message)
  }

  private announce(
    message: MessageRecord,
    event: GatewayDispatchEvents.MessageCreate | GatewayDispatchEvents.MessageUpdate,
  ) {
    this.changed(message)
    // Ephemeral messages never reach the gateway; others only with the GuildMessages intent.
    if (message.ephemeralFor) return
    const guild = this.guildById(message.guildId)
    const member = guild?.members.find((m) => m.user.id === message.author.id)
    this.dispatch(
      event,
      {
        ...apiMessage(message),
        guild_id: message.guildId,
        ...(member && guild ? { member: apiMember(member, guild) } : {}),
      },
      GatewayIntentBits.GuildMessages,
    )
  }

  readyGuilds() {
    return this.guilds.map((g) => ({ id: g.id, unavailable: true }))
  }

  botUser() {
    return apiUser(this.bot)
  }
}
