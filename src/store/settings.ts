import { z } from 'zod'
import { LOCALES, type Locale } from '../i18n/index.js'
import { ok, refuse, type Outcome } from '../core/engine.js'
import { Prisma } from '../generated/prisma/client.js'
import { num, type Sql } from './sql.js'

export interface GuildSettingsValue {
  /** Chips a member's wallet starts with. */
  readonly startingGrant: number
  /** Chips of the daily claim (once per 20 hours). */
  readonly dailyAmount: number
  /** Default turn deadline of new tables, in milliseconds (30 s .. 48 h). */
  readonly turnMs: number
  /** Default stakes of new chip tables: the Bura ante and the Badugi big blind. */
  readonly defaultStakes: number
  /** Default chips a player brings to a chip table. */
  readonly defaultBuyIn: number
  /** Table and hand pictures attached to the messages (the text stays complete without them). */
  readonly images: boolean
  /** Card emojis in buttons, menus and text lines, when the bot could upload them. */
  readonly emojis: boolean
  /** Channels where tables may open; empty: any channel of the server. */
  readonly tableChannels: readonly string[]
  /** Each new table opens in a thread of the channel where it is started, instead of in the channel. */
  readonly threads: boolean
  /** The language of the server's public messages; null: German when the server's Discord locale is, else English. */
  readonly language: Locale | null
  /** Open tables a member may have opened in the server at once (Manage Server: no limit). */
  readonly maxTables: number
}

export const MIN_TURN_MS = 30_000
export const MAX_TURN_MS = 48 * 3_600_000
export const DAILY_INTERVAL_MS = 20 * 3_600_000

export const DEFAULT_SETTINGS: GuildSettingsValue = {
  startingGrant: 1000,
  dailyAmount: 100,
  turnMs: 12 * 3_600_000,
  defaultStakes: 10,
  defaultBuyIn: 200,
  images: true,
  emojis: true,
  tableChannels: [],
  threads: false,
  language: null,
  maxTables: 3,
}

/** The most channels a server may name for its tables. */
export const MAX_TABLE_CHANNELS = 25

/** The bounds of the numeric settings (docs/bounds.md); `/settings set` offers exactly these. */
export const SETTINGS_BOUNDS = {
  startingGrant: { min: 0, max: 1_000_000 },
  dailyAmount: { min: 0, max: 1_000_000 },
  defaultStakes: { min: 1, max: 100_000 },
  defaultBuyIn: { min: 1, max: 10_000_000 },
  /** Open tables one member may have opened at once (Manage Server: no limit). */
  maxTables: { min: 1, max: 50 },
} as const

const bounded = ({ min, max }: { readonly min: number; readonly max: number }) => z.number().int().min(min).max(max)

export const settingsPatchSchema = z
  .object({
    startingGrant: bounded(SETTINGS_BOUNDS.startingGrant),
    dailyAmount: bounded(SETTINGS_BOUNDS.dailyAmount),
    turnMs: z.number().int().min(MIN_TURN_MS).max(MAX_TURN_MS),
    defaultStakes: bounded(SETTINGS_BOUNDS.defaultStakes),
    defaultBuyIn: bounded(SETTINGS_BOUNDS.defaultBuyIn),
    images: z.boolean(),
    emojis: z.boolean(),
    tableChannels: z.array(z.string().regex(/^\d{1,20}$/, 'a channel id')).max(MAX_TABLE_CHANNELS),
    threads: z.boolean(),
    language: z.enum(LOCALES as [Locale, ...Locale[]]).nullable(),
    maxTables: bounded(SETTINGS_BOUNDS.maxTables),
  })
  .partial()
  .strict()

export type SettingsPatch = z.infer<typeof settingsPatchSchema>

/** Every setting: the defaults name them all (the type checker sees to that). */
const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof GuildSettingsValue)[]

/** A setting's column; names come from the list above, values are always parameters. */
const column = (k: keyof GuildSettingsValue) => Prisma.raw(`"${k}"`)

/** Switches are stored as 0/1 integers: one column type that every database reads the same. */
const SWITCHES = new Set<keyof GuildSettingsValue>(['images', 'emojis', 'threads'])
/** Lists of ids are stored comma-separated. */
const LISTS = new Set<keyof GuildSettingsValue>(['tableChannels'])
/** Optional words are stored as text, '' for none (a NOT NULL column reads alike everywhere). */
const WORDS = new Set<keyof GuildSettingsValue>(['language'])

type Stored = number | boolean | readonly string[] | string | null

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

const read = (k: keyof GuildSettingsValue, v: unknown): Stored =>
  WORDS.has(k)
    ? text(v) || null
    : LISTS.has(k)
      ? text(v).split(',').filter(Boolean)
      : SWITCHES.has(k)
        ? num(v) !== 0
        : num(v)

const pick = (r: Record<keyof GuildSettingsValue, unknown>): GuildSettingsValue =>
  Object.fromEntries(SETTING_KEYS.map((k) => [k, read(k, r[k])])) as unknown as GuildSettingsValue

const stored = (v: Stored): number | string =>
  v === null
    ? ''
    : typeof v === 'boolean'
      ? v
        ? 1
        : 0
      : typeof v === 'number' || typeof v === 'string'
        ? v
        : v.join(',')

/** Per-server settings; a server without a row has the defaults. */
export class Settings {
  constructor(private readonly sql: Sql) {}

  async get(guildId: string): Promise<GuildSettingsValue> {
    const [row] = await this.sql.query<Record<keyof GuildSettingsValue, unknown>>(
      Prisma.sql`SELECT ${Prisma.join(SETTING_KEYS.map(column))} FROM "GuildSettings" WHERE "guildId" = ${guildId}`,
    )
    return row ? pick(row) : DEFAULT_SETTINGS
  }

  async update(guildId: string, patch: unknown): Promise<Outcome<GuildSettingsValue>> {
    const parsed = settingsPatchSchema.safeParse(patch)
    if (!parsed.success) {
      const i = parsed.error.issues[0]!
      // An admin can mention any number of channels: that one gets words of its own.
      if (i.code === 'too_big' && i.path[0] === 'tableChannels')
        return refuse('settings.too-many-channels', {
          max: MAX_TABLE_CHANNELS,
          given: (patch as { tableChannels: unknown[] }).tableChannels.length,
        })
      return refuse('settings.bad-setting', { setting: i.path.join('.') || 'settings', issue: i.message })
    }
    const fresh = { ...DEFAULT_SETTINGS, ...parsed.data }
    const changed = SETTING_KEYS.filter((k) => parsed.data[k] !== undefined)
    // Only the patched columns of an existing row change, so racing patches of different settings both land.
    const update = changed.length
      ? Prisma.sql`UPDATE SET ${Prisma.join(changed.map((k) => Prisma.sql`${column(k)} = ${stored(fresh[k])}`))}`
      : Prisma.raw('NOTHING')
    await this.sql.execute(Prisma.sql`
      INSERT INTO "GuildSettings" ("guildId", ${Prisma.join(SETTING_KEYS.map(column))}) VALUES
        (${guildId}, ${Prisma.join(SETTING_KEYS.map((k) => stored(fresh[k])))})
      ON CONFLICT ("guildId")
        DO ${update}`)
    return ok(await this.get(guildId))
  }
}
