import {
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandIntegerOption,
} from 'discord.js'
import { chipGamesText, stakesText } from '../games/registry.js'
import { langOf, LOCALES, type Locale } from '../i18n/index.js'
import type { SettingsPatch } from '../tables/index.js'
import { SETTINGS_BOUNDS } from '../tables/index.js'
import { renderRefusal } from '../render/refusals.js'
import { renderSettings } from '../messages/general.js'
import { refusalText } from '../render/refusals.js'
import { memberLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import type { BotContext } from './context.js'
import type { Command } from './types.js'
import { choice, named } from './localized.js'
import { managesServer } from './permissions.js'
import { parseTurnDeadline } from './duration-options.js'
import { durationRefusal } from './duration-refusal.js'
import { noteCommitted } from './committed.js'

const ON_OFF = [choice('settings.onOff', 'on'), choice('settings.onOff', 'off')]

const languageChoice = (v: string | null): Locale | 'auto' | null =>
  v === 'auto' || (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale | 'auto') : null

/** A numeric setting's option, bounded as the settings schema bounds it. */
const bounded = (o: SlashCommandIntegerOption, { min, max }: { readonly min: number; readonly max: number }) =>
  o.setMinValue(min).setMaxValue(max)

const onOff = (v: string | null): boolean | null => (v === null ? null : v === 'on')

/** `/settings show` and `/settings set`: the server's settings, for Manage Server. */
export const settings: Command = {
  data: named(new SlashCommandBuilder(), 'settings')
    // Members never see it: what they need of the settings shows where it applies (tables, /chips).
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => named(s, 'settings.show'))
    .addSubcommand((s) =>
      named(s, 'settings.set')
        .addIntegerOption((o) => bounded(named(o, 'settings.set.starting_chips'), SETTINGS_BOUNDS.startingGrant))
        .addIntegerOption((o) => bounded(named(o, 'settings.set.daily_chips'), SETTINGS_BOUNDS.dailyAmount))
        .addStringOption((o) => named(o, 'settings.set.turn_time'))
        .addIntegerOption((o) =>
          bounded(
            named(o, 'settings.set.stakes', (l) => ({ stakes: stakesText(langOf(l)) })),
            SETTINGS_BOUNDS.defaultStakes,
          ),
        )
        .addIntegerOption((o) =>
          bounded(
            named(o, 'settings.set.buy_in', (l) => ({ games: chipGamesText(langOf(l)) })),
            SETTINGS_BOUNDS.defaultBuyIn,
          ),
        )
        .addStringOption((o) => named(o, 'settings.set.images').addChoices(ON_OFF))
        .addStringOption((o) => named(o, 'settings.set.emojis').addChoices(ON_OFF))
        .addStringOption((o) => named(o, 'settings.set.channels'))
        .addStringOption((o) => named(o, 'settings.set.threads').addChoices(ON_OFF))
        .addIntegerOption((o) => bounded(named(o, 'settings.set.max_tables'), SETTINGS_BOUNDS.maxTables))
        .addStringOption((o) =>
          named(o, 'settings.set.language').addChoices(
            ...(['de', 'en', 'auto'] as const).map((v) => choice('settings.set.language.choices', v)),
          ),
        ),
    ),
  async execute(interaction, ctx) {
    if (interaction.options.getSubcommand() === 'show')
      return answer(
        interaction,
        renderSettings(memberLang(interaction), await ctx.tables.settings(interaction.guildId)),
      )
    return changeSettings(ctx, interaction)
  },
}

/** `/settings set channels`: "all" (any channel), or the channels mentioned; null when neither. */
function parseChannels(text: string): string[] | null {
  if (/^\s*(all|any|alle)\s*$/i.test(text)) return []
  const ids = [...text.matchAll(/<#(\d{1,20})>|\b(\d{15,20})\b/g)].map((m) => m[1] ?? m[2]!)
  return ids.length ? [...new Set(ids)] : null
}

/** `/settings set`: the options given, as one patch; the turn time is typed like a table's deadline. */
async function changeSettings(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const { options } = interaction
  startAnswer(interaction)
  const lang = memberLang(interaction)
  const refused = (text: string) => answer(interaction, renderRefusal(text))
  if (!managesServer(interaction)) return refused(lang.t('commands:replies.settings.refused'))
  const patch: { -readonly [K in keyof SettingsPatch]: SettingsPatch[K] } = {}
  const startingGrant = options.getInteger('starting_chips')
  if (startingGrant !== null) patch.startingGrant = startingGrant
  const dailyAmount = options.getInteger('daily_chips')
  if (dailyAmount !== null) patch.dailyAmount = dailyAmount
  const stakes = options.getInteger('stakes')
  if (stakes !== null) patch.defaultStakes = stakes
  const buyIn = options.getInteger('buy_in')
  if (buyIn !== null) patch.defaultBuyIn = buyIn
  const maxTables = options.getInteger('max_tables')
  if (maxTables !== null) patch.maxTables = maxTables
  const images = onOff(options.getString('images'))
  if (images !== null) patch.images = images
  const emojis = onOff(options.getString('emojis'))
  if (emojis !== null) patch.emojis = emojis
  const threads = onOff(options.getString('threads'))
  if (threads !== null) patch.threads = threads
  const language = languageChoice(options.getString('language'))
  if (language !== null) patch.language = language === 'auto' ? null : language
  const channels = options.getString('channels')
  if (channels !== null) {
    const ids = parseChannels(channels)
    if (!ids) return refused(lang.t('commands:replies.settings.channels'))
    patch.tableChannels = ids
  }
  const turnTime = options.getString('turn_time')
  if (turnTime !== null) {
    const parsed = parseTurnDeadline(turnTime)
    if (!parsed.ok) return refused(durationRefusal(lang.t, parsed.reason, 'turn', turnTime))
    patch.turnMs = parsed.ms
  }
  if (Object.keys(patch).length === 0) return refused(lang.t('commands:replies.settings.nothing'))
  const result = await ctx.tables.updateSettings(interaction.guildId!, patch)
  if (!result.ok) return refused(refusalText(result.error, lang))
  ctx.log.info({ guildId: interaction.guildId, changed: Object.keys(patch) }, 'settings changed')
  noteCommitted(interaction, { content: lang.t('commands:replies.settings.saved') })
  await answer(interaction, renderSettings(lang, result.value.settings, true))
  for (const id of result.value.redraw) void ctx.desk.deliverNow(id)
}
