import { PermissionFlagsBits, SlashCommandBuilder } from 'discord.js'
import { chipGamesText, stakesText } from '../registry.js'
import { LOCALES, type Locale } from '../i18n/index.js'
import type { Command } from './types.js'
import { changeSettings, showSettings } from './flows.js'

const ON_OFF = [
  { name: 'on', value: 'on' },
  { name: 'off', value: 'off' },
]

const languageChoice = (v: string | null): Locale | 'auto' | null =>
  v === 'auto' || (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale | 'auto') : null

const onOff = (v: string | null): boolean | null => (v === null ? null : v === 'on')

export const settings: Command = {
  data: new SlashCommandBuilder()
    .setName('settings')
    .setDescription("This server's chips and table defaults (Manage Server)")
    // Members never see it: what they need of the settings shows where it applies (tables, /chips).
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) => s.setName('show').setDescription('Show the server settings'))
    .addSubcommand((s) =>
      s
        .setName('set')
        .setDescription('Change server settings')
        .addIntegerOption((o) =>
          o
            .setName('starting_chips')
            .setDescription("Chips in a member's first wallet")
            .setMinValue(0)
            .setMaxValue(1_000_000),
        )
        .addIntegerOption((o) =>
          o.setName('daily_chips').setDescription('Chips of the daily claim').setMinValue(0).setMaxValue(1_000_000),
        )
        .addStringOption((o) =>
          o.setName('turn_time').setDescription('Default time per turn of new tables, 30s to 48h (e.g. 10m, 2h)'),
        )
        .addIntegerOption((o) =>
          o.setName('stakes').setDescription(`Default ${stakesText()}`).setMinValue(1).setMaxValue(100_000),
        )
        .addIntegerOption((o) =>
          o
            .setName('buy_in')
            .setDescription(`Default chips to sit at a ${chipGamesText()} table`)
            .setMinValue(1)
            .setMaxValue(10_000_000),
        )
        .addStringOption((o) =>
          o
            .setName('images')
            .setDescription('Table and hand pictures (the text stays complete without them)')
            .addChoices(ON_OFF),
        )
        .addStringOption((o) =>
          o.setName('emojis').setDescription('Cards as emojis in buttons, menus and lines').addChoices(ON_OFF),
        )
        .addStringOption((o) =>
          o.setName('channels').setDescription('Where tables may open: mention the channels (#cards #poker), or "all"'),
        )
        .addStringOption((o) =>
          o
            .setName('threads')
            .setDescription('Open each new table in its own thread of the channel')
            .addChoices(ON_OFF),
        )
        .addStringOption((o) =>
          o
            .setName('language')
            .setDescription("Language of the bot's public messages (auto: the server's Discord language)")
            .addChoices(
              { name: 'Deutsch', value: 'de' },
              { name: 'English', value: 'en' },
              { name: 'auto', value: 'auto' },
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
