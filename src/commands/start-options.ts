import type {
  ApplicationCommandOptionBase,
  ChatInputCommandInteraction,
  SlashCommandSubcommandBuilder,
} from 'discord.js'
import { langOf, LOCALES, type Locale } from '../i18n/index.js'
import { lookupText } from '../i18n/lookup.js'
import { describeOptions, engineOptionName, slashOptionName, type OptionSpec } from '../core/options.js'
import type { AnyGameModule } from '../render/game-module.js'
import { TABLE_BOUNDS } from '../tables/bounds.js'
import { named } from './localized.js'

/**
 * The options of `/<game> start`: generated from the engine's options schema (names in snake case,
 * descriptions, bounds, choices and defaults) with their texts in every language, then the table
 * settings (buy-in, agreed end, break, turn deadline); and the engine's options read back.
 */

const DESCRIPTION_MAX = 100

/** The texts of one start option in one language. */
interface OptionTexts {
  readonly name: string
  readonly description: string
  choice(value: string | number): string
}

const gameText = (locale: Locale, module: AnyGameModule, path: string): string | undefined =>
  lookupText(locale, 'commands', `slash.games.${module.engine.id}.${path}`)

/** "(default 250)", "(default off)"; stakes options follow the server's stakes instead. */
function defaultText(locale: Locale, spec: OptionSpec, module: AnyGameModule, texts: OptionTexts): string {
  const t = langOf(locale).t
  if (module.engine.table.stakeOptions.includes(spec.name)) return t('commands:slash.start.defaultStakes')
  if (spec.kind === 'boolean')
    return spec.default ? t('commands:slash.start.defaultOn') : t('commands:slash.start.defaultOff')
  return t('commands:slash.start.defaultValue', { value: texts.choice(spec.default) })
}

/**
 * An option's texts in one language, from the resource files (`slash.games.<game>.<option>`);
 * a game added without them (the tests' toy game) offers its schema's English texts alone: null
 * for the other languages.
 */
function optionTexts(locale: Locale, spec: OptionSpec, module: AnyGameModule): OptionTexts | null {
  const name = gameText(locale, module, `${spec.name}.name`)
  const description = gameText(locale, module, `${spec.name}.description`)
  const names = module.command.choiceNames?.[spec.name] ?? {}
  if (name !== undefined && description !== undefined) {
    const choice = (v: string | number) => gameText(locale, module, `${spec.name}.choices.${v}`) ?? String(v)
    return { name, description, choice }
  }
  if (locale !== 'en') return null
  return {
    name: slashOptionName(spec.name),
    description: spec.description,
    choice: (v) => names[String(v)] ?? String(v),
  }
}

/** The name, description and choices of an option in every language the game has texts in. */
function optionIn(spec: OptionSpec, module: AnyGameModule) {
  const texts = LOCALES.flatMap((locale) => {
    const t = optionTexts(locale, spec, module)
    if (!t) return []
    const description = `${t.description} ${defaultText(locale, spec, module, t)}`
    // Cut, it would lose its default, the very thing players look for: the text must be shorter.
    if (description.length > DESCRIPTION_MAX)
      throw new Error(
        `/${module.engine.id} start ${spec.name} (${locale}): "${description}" is ${description.length} characters, ` +
          `Discord allows ${DESCRIPTION_MAX}; shorten the option's description in commands.json`,
      )
    return [{ locale, ...t, description }]
  })
  const en = texts.find((t) => t.locale === 'en')!
  const others = texts.filter((t) => t.locale !== 'en')
  const localized = (pick: (t: (typeof texts)[number]) => string) =>
    Object.fromEntries(others.map((t) => [t.locale, pick(t)]))
  return {
    name: en.name,
    description: en.description,
    names: localized((t) => t.name),
    descriptions: localized((t) => t.description),
    choice: <T extends string | number>(value: T) => ({
      name: en.choice(value),
      value,
      name_localizations: localized((t) => t.choice(value)),
    }),
  }
}

function addOption(sub: SlashCommandSubcommandBuilder, spec: OptionSpec, module: AnyGameModule): void {
  const texts = optionIn(spec, module)
  const base = <O extends ApplicationCommandOptionBase>(o: O): O =>
    o
      .setName(texts.name)
      .setDescription(texts.description)
      .setNameLocalizations(texts.names)
      .setDescriptionLocalizations(texts.descriptions)
  switch (spec.kind) {
    case 'boolean':
      sub.addBooleanOption((o) => base(o))
      return
    case 'string':
      sub.addStringOption((o) => base(o).addChoices(...spec.choices.map(texts.choice)))
      return
    case 'integer':
      sub.addIntegerOption((o) => {
        base(o)
        if (spec.choices) return o.addChoices(...spec.choices.map(texts.choice))
        if (spec.min !== undefined) o.setMinValue(spec.min)
        if (spec.max !== undefined) o.setMaxValue(spec.max)
        return o
      })
  }
}

/** Chip games: what each player brings to the table (a table setting, not an engine option). */
function addBuyIn(sub: SlashCommandSubcommandBuilder): void {
  sub.addIntegerOption((o) =>
    named(o, 'start.buy_in').setMinValue(TABLE_BOUNDS.buyIn.min).setMaxValue(TABLE_BOUNDS.buyIn.max),
  )
}

/** The agreed end: a table setting of the chip games played game after game (Bura, Badugi). */
function addEndsOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) => named(o, 'start.ends'))
}

/** The break between two games (Bura, Badugi), in whole minutes: then the next game is dealt by itself. */
function addBreakOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addIntegerOption((o) =>
    named(o, 'start.break').setMinValue(TABLE_BOUNDS.breakMinutes.min).setMaxValue(TABLE_BOUNDS.breakMinutes.max),
  )
}

/** The turn deadline option every start command has. */
function addDeadlineOption(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) => named(o, 'start.deadline'))
}

const TABLE_LEVEL = new Set(['deadline', 'buy_in', 'ends', 'break'])

/** The options given to a start subcommand that belong to the engine (not deadline or buy-in), by engine name. */
export function engineOptionsFrom(interaction: ChatInputCommandInteraction): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const sub = interaction.options.data[0]
  for (const o of sub?.options ?? []) {
    if (!TABLE_LEVEL.has(o.name) && o.value !== undefined) out[engineOptionName(o.name)] = o.value
  }
  return out
}

/** Every option of a game's start subcommand, in the order Discord lists them. */
export function addStartOptions(
  sub: SlashCommandSubcommandBuilder,
  module: AnyGameModule,
): SlashCommandSubcommandBuilder {
  const { engine, command } = module
  const hidden = new Set<string>(command.hidden ?? [])
  if (engine.usesChips) addBuyIn(sub)
  for (const spec of describeOptions(engine.optionsSchema)) if (!hidden.has(spec.name)) addOption(sub, spec, module)
  // Tables that deal game after game can agree on an end, and pause between games.
  if (engine.table.betweenGames) addBreakOption(addEndsOption(sub))
  return addDeadlineOption(sub)
}
