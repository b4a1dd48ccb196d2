import type { Client } from 'discord.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/log.js'
import type { MemberLimit } from '../lib/member-limit.js'
import type { TableService } from '../tables/index.js'
import type { TableDesk } from '../discord/desk.js'
import type { CardEmojis } from '../render/emojis.js'
import type { Locale } from '../i18n/index.js'

/** What every handler gets: the table service to change things, the desk to show the changes. */
export interface BotContext {
  readonly client: Client
  readonly clock: Clock
  readonly log: Logger
  readonly tables: TableService
  readonly desk: TableDesk
  /** The uploaded card emojis of a language, or null (not uploaded yet, or the upload failed): then text. */
  readonly emojis: (locale: Locale) => CardEmojis | null
  /** Each member's interactions a second (a token bucket): past it, a friendly refusal. */
  readonly limit: MemberLimit
}
