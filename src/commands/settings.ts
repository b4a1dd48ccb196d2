import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js'
import { chipGamesText, stakesText } from '../games/registry.js'
import { langOf, LOCALES, type Locale } from '../i18n/index.js'
import { choice, named } from './localized.js'
import type { Command } from './types.js'
import { changeSettings, showSettings } from './flows.js'

const ON_OFF = [choice('settings.onOff', 'on'), choice('settings.onOff', 'off')]

const languageChoice = (v: string | null): Locale | 'auto' | null =>
  v === 'auto' || (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale | 'auto') : null

const onOff = (v: string | null): boolean | null => (v === null ? null : v === 'on')

export const settings: Command = {
  data: named(new SlashCommandBuilder(), 'settings')
    // Members never see it: what they need of the settings shows where it applies (tables, /chips).
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => named(s, 'settings.show'))
    .addSubcommand((s) =>
      named(s, 'settings.set')
        .addIntegerOption((o) => named(o, 'settings.set.starting_chips').setMinValue(0).setMaxValue(1_000_000))
        .addIntegerOption((o) => named(o, 'settings.set.daily_chips').setMinValue(0).setMaxValue(1_000_000))
        .addStringOption((o) => named(o, 'settings.set.turn_time'))
        .addIntegerOption((o) =>
          named(o, 'settings.set.stakes', (l) => ({ stakes: stakesText(langOf(l)) }))
            .setMinValue(1)
            .setMaxValue(100_000),
        )
        .addIntegerOption((o) =>
          named(o, 'settings.set.buy_in', (l) => ({ games: chipGamesText(langOf(l)) }))
            .setMinValue(1)
            .setMaxValue(10_000_000),
        )
        .addStringOption((o) => named(o, 'settings.set.images').addChoices(ON_OFF))
        .addStringOption((o) => named(o, 'settings.set.emojis').addChoices(ON_OFF))
        .addStringOption((o) => named(o, 'settings.set.channels'))
        .addStringOption((o) => named(o, 'settings.set.threads').addChoices(ON_OFF))
        .addStringOption((o) =>
          named(o, 'settings.set.language').addChoices(
            ...(['de', 'en', 'auto'] as const).map((v) => choice('settings.set.language.choices', v)),
          ),
        ),
    ),
  async execute(interaction, ctx) {
    if (interaction.options.getSubcommand() === 'show') return showSettings(ctx, interaction)
    return changeSettings(ctx, interaction, {
      startingGrant: interaction.options.getInteger('starting_chips'),
      dailyAmount: interaction.options.getInteger('daily_chips'),
      turnTime: interaction.options.getString('turn_time'),
      stakes: interaction.options.getInteger('stakes'),
      buyIn: interaction.options.getInteger('buy_in'),
      images: onOff(interaction.options.getString('images')),
      emojis: onOff(interaction.options.getString('emojis')),
      channels: interaction.options.getString('channels'),
      threads: onOff(interaction.options.getString('threads')),
      language: languageChoice(interaction.options.getString('language')),
    })
  },
}
