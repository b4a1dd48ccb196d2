import { ButtonStyle, ComponentType, InteractionType } from 'discord-api-types/v10'
import { resolveSlash, type OptionValue } from './commands.js'
import type { Answer, Interactions } from './interactions.js'
import {
  look,
  snapshot,
  type ChannelRecord,
  type FakeMessage,
  type GuildRecord,
  type MemberRecord,
  type MessageRecord,
} from './model.js'
import type { Gateway } from './gateway.js'
import type { World } from './world.js'

/** Shared plumbing the handles need; one per fake Discord. */
export interface Backend {
  world: World
  interactions: Interactions
  gateway: Gateway
  /** Real ms a test waits for the edit that completes a deferred answer. */
  deferredTimeout: number
  /** Real ms `slash` waits for the bot to register a command it does not know yet. */
  commandWait: number
}

export interface WaitOptions {
  /** Real milliseconds before giving up (default 5000). */
  timeout?: number
  /** Also consider messages already there, newest first (default true). */
  existing?: boolean
}

export interface InteractOptions {
  /** Real milliseconds to wait for a deferred answer to be completed (default: the fake's deferredTimeout). */
  timeout?: number
}

type Json = Record<string, any>
type MessageRef = FakeMessage | { id: string } | string

export class FakeGuild {
  constructor(
    private readonly backend: Backend,
    private readonly record: GuildRecord,
  ) {}

  get id(): string {
    return this.record.id
  }
  get name(): string {
    return this.record.name
  }
  /** The role admin members hold (Administrator + Manage Guild). */
  get adminRoleId(): string {
    return this.record.adminRoleId
  }
  /** The server's Discord language; setting it tells the bot (GUILD_UPDATE), as Discord does. */
  get preferredLocale(): string {
    return this.record.preferredLocale
  }
  set preferredLocale(locale: string) {
    this.record.preferredLocale = locale
    this.backend.world.dispatchGuildUpdate(this.record)
  }

  /** The text channel with this name, created (and announced to the bot) on first use. */
  channel(name: string): FakeChannel {
    return new FakeChannel(this.backend, this.backend.world.channelByName(this.record, name))
  }

  /** The member with this name, created on first use; `admin` grants Administrator and Manage Guild. */
  member(name: string, options: { admin?: boolean } = {}): FakeMember {
    return new FakeMember(this.backend, this.record, this.backend.world.memberByName(this.record, name, options.admin))
  }

  channels(): FakeChannel[] {
    return this.record.channels.map((c) => new FakeChannel(this.backend, c))
  }

  members(): FakeMember[] {
    return this.record.members.map((m) => new FakeMember(this.backend, this.record, m))
  }

  /** The bot is kicked from this server (GUILD_DELETE); its members can no longer reach it here. */
  removeBot(): void {
    this.backend.world.removeBot(this.record)
  }

  /** Discord loses this server for a while (GUILD_DELETE with `unavailable`); `back()` ends it. */
  outage(): void {
    this.backend.world.guildOutage(this.record)
  }

  back(): void {
    this.backend.world.guildBack(this.record)
  }
}

export class FakeChannel {
  constructor(
    private readonly backend: Backend,
    readonly record: ChannelRecord,
  ) {}

  get id(): string {
    return this.record.id
  }
  get name(): string {
    return this.record.name
  }
  get guildId(): string {
    return this.record.guildId
  }
  /** The text channel a thread lives in; null for a text channel. */
  get parentId(): string | null {
    return this.record.parentId
  }

  /** The threads started in this channel, oldest first. */
  threads(): FakeChannel[] {
    const guild = this.backend.world.guildById(this.record.guildId)
    return (guild?.threads ?? []).filter((t) => t.parentId === this.id).map((t) => new FakeChannel(this.backend, t))
  }

  /** Deletes the channel (a text channel with its threads) or the thread, as a server admin would. */
  delete(): void {
    this.backend.world.deleteChannel(this.record)
  }

  /**
   * Takes the bot's access away here (50001: the channel hidden from it, 50013: its permissions
   * taken), or gives it back (null); every request about the channel or its threads then answers 403.
   */
  revokeAccess(code: 50001 | 50013 | null): void {
    if (code === null) delete this.record.noAccess
    else this.record.noAccess = code
  }

  /** Denies the bot Create Public Threads here (or gives it back): a thread started here gets 403. */
  refuseThreads(refuse = true): void {
    this.record.refusesThreads = refuse
  }

  /** Every message in the channel, ephemeral ones included (see `ephemeralFor`), oldest first. */
  messages(): FakeMessage[] {
    return this.records().map(snapshot)
  }

  /** Messages everyone can see, oldest first. */
  publicMessages(): FakeMessage[] {
    return this.records()
      .filter((m) => !m.ephemeralFor)
      .map(snapshot)
  }

  /** The newest public message, if any. */
  lastMessage(): FakeMessage | undefined {
    return this.publicMessages().at(-1)
  }

  /**
   * Resolves with the first message in this channel that matches, as soon as one is created or
   * edited into a matching state (by default also looking at the messages already there). The
   * predicate reads each message as it is (it must not change it); the one resolved is a copy.
   */
  waitFor(predicate: (message: FakeMessage) => boolean, options: WaitOptions = {}): Promise<FakeMessage> {
    const { timeout = 5000, existing = true } = options
    const { world } = this.backend
    // Each message is only looked at, and the one that matches copied: a busy channel holds
    // thousands (every private view is in it), and a load test waits on hundreds of channels.
    if (existing) {
      // Newest first.
      const records = world.channelRecords(this.id)
      for (let i = records.length - 1; i >= 0; i--) {
        const record = records[i]!
        if (!record.deleted && predicate(look(record))) return Promise.resolve(snapshot(record))
      }
    }
    return new Promise((resolve, reject) => {
      const listener = (record: MessageRecord) => {
        if (record.deleted || !predicate(look(record))) return
        cleanup()
        resolve(snapshot(record))
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`No message matching the predicate appeared in #${this.name} within ${timeout} ms`))
      }, timeout)
      const stop = world.onChannelMessage(this.id, listener)
      const cleanup = () => {
        clearTimeout(timer)
        stop()
      }
    })
  }

  private records(): MessageRecord[] {
    return this.backend.world.channelRecords(this.id).filter((m) => !m.deleted)
  }
}

export class FakeMember {
  constructor(
    private readonly backend: Backend,
    private readonly guild: GuildRecord,
    readonly record: MemberRecord,
  ) {}

  get id(): string {
    return this.record.user.id
  }
  get name(): string {
    return this.record.user.username
  }
  get admin(): boolean {
    return this.record.admin
  }
  /** The member's Discord client language: their interactions carry it as `locale`. */
  get locale(): string {
    return this.record.locale
  }
  set locale(locale: string) {
    this.record.locale = locale
  }

  /** Messages this member can see in the channel: public ones and their own ephemerals, oldest first. */
  visible(channel: FakeChannel): FakeMessage[] {
    return channel.messages().filter((m) => m.ephemeralFor === null || m.ephemeralFor === this.id)
  }

  /** Posts a plain message as this member (the bot sees it with the GuildMessages intent). */
  say(channel: FakeChannel, content: string): FakeMessage {
    return snapshot(this.backend.world.createMessage(channel.record, { content }, { author: this.record.user }))
  }

  /**
   * Runs a slash command as this member, e.g. `slash(table, 'bura start', { ante: 10 })`; options are
   * checked against the command the bot registered. Resolves with the bot's answer; rejects with an
   * InteractionFailedError if the bot does not acknowledge within 3 seconds.
   */
  async slash(
    channel: FakeChannel,
    commandLine: string,
    values: Record<string, OptionValue> = {},
    options: InteractOptions = {},
  ): Promise<Answer> {
    const { world } = this.backend
    this.requireBot()
    this.existing(channel.id)
    const { data } = await this.withCommands(() => resolveSlash(world, this.guild, this.record, commandLine, values))
    return this.backend.interactions.start({
      type: InteractionType.ApplicationCommand,
      label: `/${commandLine.trim().replace(/^\//, '')}`,
      member: this.record,
      guild: this.guild,
      channel: channel.record,
      data,
      deferredTimeout: options.timeout ?? this.backend.deferredTimeout,
    })
  }

  /** Clicks a button (found by label or custom_id) on a message this member can see. */
  async click(message: MessageRef, button: string, options: InteractOptions = {}): Promise<Answer> {
    const source = this.visibleMessage(message)
    const matches = findComponents(
      source.components,
      (c) => c.type === ComponentType.Button && (c.custom_id === button || c.label === button),
    )
    const exact = matches.filter((c) => c.custom_id === button)
    const picked = exact.length ? exact : matches
    if (picked.length === 0) {
      const labels = findComponents(source.components, (c) => c.type === ComponentType.Button).map(
        (c) => c.label ?? c.custom_id,
      )
      throw new Error(`No button "${button}" on message ${source.id} (buttons: ${labels.join(', ') || 'none'})`)
    }
    if (picked.length > 1)
      throw new Error(`Several buttons are labelled "${button}" on message ${source.id}; click by custom_id`)
    const target = picked[0]!
    if (target.disabled) throw new Error(`Button "${button}" is disabled`)
    if (target.style === ButtonStyle.Link || target.style === ButtonStyle.Premium) {
      throw new Error(`Button "${button}" is a link: clicking it sends no interaction`)
    }
    return this.component(
      source,
      { custom_id: target.custom_id, component_type: ComponentType.Button },
      `button "${target.label ?? target.custom_id}"`,
      options,
    )
  }

  /**
   * Sends a component interaction with any `customId` from a message this member can see, whether
   * or not the message shows that component: a stale control, or one a modified client forged.
   */
  async press(
    message: MessageRef,
    customId: string,
    values?: string[],
    options: InteractOptions = {},
  ): Promise<Answer> {
    const source = this.visibleMessage(message)
    const data =
      values === undefined
        ? { custom_id: customId, component_type: ComponentType.Button }
        : { custom_id: customId, component_type: ComponentType.StringSelect, values }
    return this.component(source, data, `forged "${customId}"`, options)
  }

  /** Picks `values` in the string select menu `customId` on a message this member can see. */
  async select(
    message: MessageRef,
    customId: string,
    values: string[],
    options: InteractOptions = {},
  ): Promise<Answer> {
    const source = this.visibleMessage(message)
    const menu = findComponents(
      source.components,
      (c) => c.type === ComponentType.StringSelect && c.custom_id === customId,
    )[0]
    if (!menu) throw new Error(`No select menu "${customId}" on message ${source.id}`)
    if (menu.disabled) throw new Error(`Select menu "${customId}" is disabled`)
    const offered = (menu.options ?? []).map((o: Json) => o.value)
    const unknown = values.filter((v) => !offered.includes(v))
    if (unknown.length)
      throw new Error(`Select menu "${customId}" offers no ${unknown.join(', ')} (offers: ${offered.join(', ')})`)
    const min = menu.min_values ?? 1
    const max = menu.max_values ?? 1
    if (values.length < min || values.length > max) {
      throw new Error(
        `Select menu "${customId}" takes ${min === max ? min : `${min} to ${max}`} values, not ${values.length}`,
      )
    }
    return this.component(
      source,
      { custom_id: customId, component_type: ComponentType.StringSelect, values },
      `select "${customId}"`,
      options,
    )
  }

  private component(source: MessageRecord, data: Json, label: string, options: InteractOptions): Promise<Answer> {
    this.requireBot()
    return this.backend.interactions.start({
      type: InteractionType.MessageComponent,
      label,
      member: this.record,
      guild: this.guild,
      channel: this.existing(source.channelId),
      data,
      source,
      deferredTimeout: options.timeout ?? this.backend.deferredTimeout,
    })
  }

  private visibleMessage(ref: MessageRef): MessageRecord {
    const id = typeof ref === 'string' ? ref : ref.id
    const record = this.backend.world.messageById(id)
    if (!record || record.deleted) throw new Error(`Message ${id} does not exist (or was deleted)`)
    if (record.ephemeralFor && record.ephemeralFor !== this.id) {
      throw new Error(`${this.name} cannot see message ${id}: it is ephemeral for someone else`)
    }
    return record
  }

  /** A channel a member can type in: it exists (a member still reaches the bot where the bot lost access). */
  private existing(channelId: string): ChannelRecord {
    const channel = this.backend.world.channelById(channelId)
    if (!channel) throw new Error(`Channel ${channelId} was deleted`)
    return channel
  }

  private requireBot(): void {
    if (!this.backend.gateway.hasSession()) throw new Error('No bot is connected to the fake Discord gateway')
    if (!this.backend.world.guildById(this.guild.id)) throw new Error(`The bot is not in the server ${this.guild.name}`)
  }

  /** Commands are registered right after login; give the bot a moment before calling one unknown. */
  private async withCommands<T>(resolve: () => T): Promise<T> {
    const deadline = Date.now() + this.backend.commandWait
    for (;;) {
      try {
        return resolve()
      } catch (error) {
        if (
          !(error instanceof Error) ||
          !error.message.startsWith('The bot has not registered') ||
          Date.now() >= deadline
        )
          throw error
        await new Promise((r) => setTimeout(r, 25))
      }
    }
  }
}

/** Every component (at any depth: rows, containers, sections and their accessories) that matches. */
function findComponents(components: Json[], match: (c: Json) => boolean): Json[] {
  const found: Json[] = []
  const visit = (c: Json) => {
    if (match(c)) found.push(c)
    for (const child of c.components ?? []) visit(child)
    if (c.accessory) visit(c.accessory)
  }
  components.forEach(visit)
  return found
}
