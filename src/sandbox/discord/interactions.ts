import {
  GatewayDispatchEvents,
  InteractionResponseType as Callback,
  InteractionType,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
} from 'discord-api-types/v10'
import {
  addFormError,
  alreadyAcknowledged,
  invalidFormBody,
  invalidWebhookToken,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from './errors.js'
import type { MessageBody } from './limits.js'
import type { RequestLog } from './rest.js'
import {
  apiChannel,
  apiMember,
  apiMessage,
  BOT_PERMISSIONS,
  memberPermissions,
  snapshot,
  type ChannelRecord,
  type FakeMessage,
  type GuildRecord,
  type MemberRecord,
  type MessageRecord,
} from './model.js'
import type { World } from './world.js'
import { NO_PINGS } from './mentions.js'

/** How the bot answered an interaction. */
export type AnswerKind = 'reply' | 'deferredReply' | 'update' | 'deferredUpdate' | 'modal'

/**
 * The bot's answer, as the user sees it: the message (reply, filled deferred reply, updated
 * message, or the follow-up after a deferred update) plus how it was given. For a modal the
 * message fields are those of the message the component sat on (or empty for a command) and
 * `modal` holds the modal.
 */
export interface Answer extends FakeMessage {
  kind: AnswerKind
  interactionId: string
  ephemeral: boolean
  modal: Record<string, unknown> | null
  /** Real ms from sending the interaction to the bot's acknowledgement (its callback). */
  ackMs: number
}

/** The user saw "This interaction failed": the bot did not acknowledge within 3 seconds. */
export class InteractionFailedError extends Error {
  constructor(
    readonly interaction: FailedInteraction,
    refusals = '',
  ) {
    super(
      `Interaction failed: the bot did not answer ${interaction.user}'s ${interaction.label} within 3 s ` +
        `(Discord shows "This interaction failed"). Reply or defer sooner.${refusals}`,
    )
    this.name = 'InteractionFailedError'
  }
}

export interface FailedInteraction {
  id: string
  label: string
  user: string
  channelId: string
  /** Set when the bot answered after all (too late: Discord answered 404 Unknown interaction). */
  lateAnswer: boolean
}

export const ANSWER_WINDOW_MS = 3000
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000

interface InteractionRecord {
  id: string
  token: string
  type: InteractionType
  label: string
  member: MemberRecord
  guild: GuildRecord
  channel: ChannelRecord
  createdAt: number
  /** Real time (Date.now()) the interaction was sent, and of its callback. */
  sentAt: number
  ackedAt: number | null
  state: 'pending' | 'acknowledged' | 'failed'
  originalMessageId: string | null
  sourceMessageId: string | null
  /** Deferred (type 5 or 6) and waiting for the edit or follow-up that completes the answer. */
  awaiting: 'deferredReply' | 'deferredUpdate' | null
  followUps: Set<string>
  settled: boolean
  resolve: (answer: Answer) => void
  reject: (error: Error) => void
  timers: NodeJS.Timeout[]
  failure: FailedInteraction | null
}

export interface StartInteraction {
  type: InteractionType.ApplicationCommand | InteractionType.MessageComponent
  label: string
  member: MemberRecord
  guild: GuildRecord
  channel: ChannelRecord
  data: Record<string, unknown>
  source?: MessageRecord
  /** Real milliseconds to wait for the edit that completes a deferred answer. */
  deferredTimeout: number
}

/** Interactions in flight: the 3-second rule, callbacks, and the interaction-token webhooks. */
export class Interactions {
  private readonly byId = new Map<string, InteractionRecord>()
  /** Deferred updates whose answer is still open. */
  private readonly awaitingUpdate = new Set<InteractionRecord>()
  private readonly byToken = new Map<string, InteractionRecord>()
  readonly failed: FailedInteraction[] = []

  constructor(
    private readonly world: World,
    private readonly answerWindowMs: number,
    /** REST errors answered since a real time, to explain a failure. */
    private readonly errorsSince: (realMs: number) => RequestLog[],
  ) {
    // After a deferred update the bot may change the message through the channel route instead of
    // the interaction token; the user sees the update all the same.
    world.events.on('message', (message: MessageRecord) => {
      if (message.deleted) return
      for (const record of this.awaitingUpdate) {
        if (record.originalMessageId === message.id) this.settle(record, { kind: 'deferredUpdate', message })
      }
    })
  }

  private refusals(since: number): string {
    const errors = this.errorsSince(since)
    if (errors.length === 0) return ''
    const lines = errors.map((e) => {
      const detail = e.errors === undefined ? '' : ` ${JSON.stringify(e.errors).slice(0, 400)}`
      return `\n  ${e.method} ${e.path} → ${e.status}${e.code ? ` ${e.code}` : ''} ${e.message ?? ''}${detail}`
    })
    return `\nMeanwhile Discord refused these bot requests:${lines.join('')}`
  }

  start(params: StartInteraction): Promise<Answer> {
    const { world } = this
    const id = world.nextId()
    const token = `aW50ZXJhY3Rpb246${id}:${Math.random().toString(36).slice(2)}`
    let resolve!: (a: Answer) => void
    let reject!: (e: Error) => void
    const promise = new Promise<Answer>((res, rej) => {
      resolve = res
      reject = rej
    })
    // Tests usually await this; if one does not, a failure must not become an unhandled rejection.
    promise.catch(() => {})
    const record: InteractionRecord = {
      id,
      token,
      type: params.type,
      label: params.label,
      member: params.member,
      guild: params.guild,
      channel: params.channel,
      createdAt: world.clock.now(),
      sentAt: Date.now(),
      ackedAt: null,
      state: 'pending',
      originalMessageId: null,
      sourceMessageId: params.source?.id ?? null,
      awaiting: null,
      followUps: new Set(),
      settled: false,
      resolve,
      reject,
      timers: [],
      failure: null,
    }
    this.byId.set(id, record)
    this.byToken.set(token, record)

    const { guild, member, channel } = params
    const startedAt = Date.now()
    world.dispatch(GatewayDispatchEvents.InteractionCreate, {
      id,
      application_id: world.bot.id,
      type: params.type,
      data: params.data,
      guild_id: guild.id,
      guild: { id: guild.id, locale: guild.preferredLocale, features: [] },
      channel_id: channel.id,
      channel: apiChannel(channel),
      member: { ...apiMember(member, guild), permissions: memberPermissions(member).toString() },
      token,
      version: 1,
      app_permissions: (channel.refusesThreads
        ? BOT_PERMISSIONS & ~PermissionFlagsBits.CreatePublicThreads
        : BOT_PERMISSIONS
      ).toString(),
      locale: member.locale,
      guild_locale: guild.preferredLocale,
      entitlements: [],
      authorizing_integration_owners: { '0': guild.id },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
      ...(params.source ? { message: apiMessage(params.source) } : {}),
    })

    // The 3-second rule runs on real time: it is about how fast the bot's handler is.
    record.timers.push(
      setTimeout(() => this.expire(record, startedAt), this.answerWindowMs),
      setTimeout(() => this.expireDeferred(record, params.deferredTimeout, startedAt), params.deferredTimeout),
    )
    return promise
  }

  /** Discord's 3 s passed without an acknowledgement: "This interaction failed". */
  private expire(record: InteractionRecord, startedAt: number): void {
    if (record.state !== 'pending') return
    record.state = 'failed'
    record.failure = {
      id: record.id,
      label: record.label,
      user: record.member.user.username,
      channelId: record.channel.id,
      lateAnswer: false,
    }
    this.failed.push(record.failure)
    this.settle(record, new InteractionFailedError(record.failure, this.refusals(startedAt)))
  }

  /** A deferred answer's edit or follow-up did not come in time. */
  private expireDeferred(record: InteractionRecord, waitedMs: number, startedAt: number): void {
    if (record.settled || !record.awaiting) return
    this.settle(
      record,
      new Error(
        `The bot deferred ${record.member.user.username}'s ${record.label} but did not edit the reply or send a ` +
          `follow-up within ${waitedMs} ms.${this.refusals(startedAt)}`,
      ),
    )
  }

  /**
   * Ends the waits of the interactions `ids` at once, as their windows running out would: one not
   * acknowledged fails, a deferred one whose edit never came rejects. For a harness that knows no
   * answer can come any more (the bot took them in and has nothing left to do), so that the member
   * does not wait out the windows in real time.
   */
  giveUp(ids: Iterable<string>): void {
    for (const id of ids) {
      const record = this.byId.get(id)
      if (!record || record.settled) continue
      const startedAt = record.sentAt
      if (record.state === 'pending') this.expire(record, startedAt)
      else this.expireDeferred(record, Date.now() - startedAt, startedAt)
    }
  }

  private settle(
    record: InteractionRecord,
    outcome: Error | { kind: AnswerKind; message: MessageRecord | null; modal?: Record<string, unknown> },
  ): void {
    if (record.settled) return
    record.settled = true
    this.awaitingUpdate.delete(record)
    record.timers.forEach(clearTimeout)
    if (outcome instanceof Error) {
      record.reject(outcome)
      return
    }
    const message = outcome.message ? snapshot(outcome.message) : this.emptyMessage(record)
    record.resolve({
      ...message,
      kind: outcome.kind,
      interactionId: record.id,
      ephemeral: (message.flags & MessageFlags.Ephemeral) !== 0,
      modal: outcome.modal ?? null,
      ackMs: (record.ackedAt ?? Date.now()) - record.sentAt,
    })
  }

  private emptyMessage(record: InteractionRecord): FakeMessage {
    return {
      id: '',
      channelId: record.channel.id,
      guildId: record.guild.id,
      content: '',
      embeds: [],
      attachments: [],
      components: [],
      flags: 0,
      author: { id: this.world.bot.id, username: this.world.bot.username, bot: true },
      createdAt: this.world.clock.now(),
      editedAt: null,
      ephemeralFor: null,
      interactionId: record.id,
      loading: false,
      nonce: null,
      pings: NO_PINGS,
    }
  }

  // ── POST /interactions/{id}/{token}/callback ──────────────────────────

  callback(id: string, token: string, body: { type?: number; data?: Record<string, any> }) {
    const record = this.byId.get(id)
    if (!record || record.token !== token) throw unknownInteraction()
    if (record.state === 'failed') {
      if (record.failure) record.failure.lateAnswer = true
      throw unknownInteraction()
    }
    if (record.state === 'acknowledged') throw alreadyAcknowledged()
    record.ackedAt = Date.now()
    const data = body.data ?? {}
    const isComponent = record.type === InteractionType.MessageComponent
    const source = record.sourceMessageId ? this.world.messageById(record.sourceMessageId) : undefined
    const ephemeral = ((data.flags ?? 0) & MessageFlags.Ephemeral) !== 0
    const replyType = isComponent ? MessageType.Default : MessageType.ChatInputCommand
    let message: MessageRecord | null = null

    switch (body.type) {
      case Callback.ChannelMessageWithSource:
        message = this.reply(record, data, ephemeral, replyType, false)
        record.state = 'acknowledged'
        this.settle(record, { kind: 'reply', message })
        break
      case Callback.DeferredChannelMessageWithSource:
        message = this.reply(record, { flags: data.flags }, ephemeral, replyType, true)
        record.state = 'acknowledged'
        record.awaiting = 'deferredReply'
        break
      case Callback.UpdateMessage:
        if (!isComponent || !source) throw badCallbackType(body.type)
        message = this.world.editMessage(source, data, 'interaction')
        record.originalMessageId = source.id
        record.state = 'acknowledged'
        this.settle(record, { kind: 'update', message })
        break
      case Callback.DeferredMessageUpdate:
        if (!isComponent || !source) throw badCallbackType(body.type)
        message = source
        record.originalMessageId = source.id
        record.state = 'acknowledged'
        record.awaiting = 'deferredUpdate'
        this.awaitingUpdate.add(record)
        break
      case Callback.Modal:
        record.state = 'acknowledged'
        this.settle(record, { kind: 'modal', message: source ?? null, modal: data })
        break
      default:
        throw badCallbackType(body.type)
    }
    return {
      interaction: {
        id: record.id,
        type: record.type,
        response_message_id: message?.id,
        response_message_loading: message?.loading ?? false,
        response_message_ephemeral: message ? message.ephemeralFor !== null : false,
      },
      resource: { type: body.type, ...(message ? { message: apiMessage(message) } : {}) },
    }
  }

  private reply(record: InteractionRecord, data: MessageBody, ephemeral: boolean, type: MessageType, loading: boolean) {
    const message = this.world.createMessage(record.channel, data, {
      ephemeralFor: ephemeral ? record.member.user.id : null,
      interactionId: record.id,
      type,
      webhookId: this.world.bot.id,
      loading,
    })
    record.originalMessageId = message.id
    return message
  }

  // ── /webhooks/{application}/{token}... ────────────────────────────────

  /** The interaction behind a webhook token, while the token is valid (15 minutes on the fake's clock). */
  byWebhook(applicationId: string, token: string): InteractionRecord {
    const record = this.byToken.get(token)
    if (!record || applicationId !== this.world.bot.id) throw unknownWebhook()
    if (this.world.clock.now() - record.createdAt >= TOKEN_LIFETIME_MS) throw invalidWebhookToken()
    if (record.state !== 'acknowledged') throw unknownWebhook()
    return record
  }

  webhookMessage(record: InteractionRecord, messageId: string): MessageRecord {
    const id = messageId === '@original' ? record.originalMessageId : messageId
    const allowed = id !== null && (id === record.originalMessageId || record.followUps.has(id))
    const message = id ? this.world.messageById(id) : undefined
    if (!allowed || !message || message.deleted) throw unknownMessage()
    return message
  }

  editWebhookMessage(record: InteractionRecord, messageId: string, body: MessageBody): MessageRecord {
    const message = this.webhookMessage(record, messageId)
    const fillsDeferred = message.loading
    const edited = this.world.editMessage(message, body, fillsDeferred ? 'fillDeferred' : 'interaction')
    if (record.awaiting && message.id === record.originalMessageId) {
      this.settle(record, { kind: record.awaiting, message: edited })
    }
    return edited
  }

  followUp(record: InteractionRecord, body: MessageBody): MessageRecord {
    const original = record.originalMessageId ? this.world.messageById(record.originalMessageId) : undefined
    // The first follow-up after a deferred reply replaces the "thinking" message, keeping its ephemeral state.
    if (original?.loading && !original.deleted) {
      const filled = this.world.editMessage(original, body, 'fillDeferred')
      if (record.awaiting) this.settle(record, { kind: record.awaiting, message: filled })
      return filled
    }
    const ephemeral = ((body.flags ?? 0) & MessageFlags.Ephemeral) !== 0
    const message = this.world.createMessage(record.channel, body, {
      ephemeralFor: ephemeral ? record.member.user.id : null,
      interactionId: record.id,
      webhookId: this.world.bot.id,
    })
    record.followUps.add(message.id)
    if (record.awaiting) this.settle(record, { kind: record.awaiting, message })
    return message
  }

  deleteWebhookMessage(record: InteractionRecord, messageId: string): void {
    this.world.deleteMessage(this.webhookMessage(record, messageId))
  }

  /** Stops all timers (the fake is shutting down). */
  stop(): void {
    for (const record of this.byId.values()) record.timers.forEach(clearTimeout)
  }
}

function badCallbackType(type: unknown) {
  const errors = {}
  addFormError(
    errors,
    ['type'],
    'INTERACTION_RESPONSE_TYPE_INVALID',
    `Interaction response type ${String(type)} is not valid for this interaction`,
  )
  return invalidFormBody(errors)
}
