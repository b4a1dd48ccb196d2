import {
  ApplicationCommandOptionType as Opt,
  ApplicationCommandType,
  Locale,
  type APIApplicationCommandInteractionDataOption,
  type APIInteractionDataResolved,
} from 'discord-api-types/v10'
import { addFormError, invalidFormBody, type FormErrorTree } from './errors.js'
import {
  apiChannel,
  apiMember,
  apiRoles,
  apiUser,
  memberPermissions,
  type CommandRecord,
  type GuildRecord,
  type MemberRecord,
} from './model.js'
import type { World } from './world.js'

type Json = Record<string, any>

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u

/** Checks and completes command bodies as Discord does on PUT/POST; keeps ids of commands that stay. */
export function registerCommands(
  world: World,
  bodies: Json[],
  existing: CommandRecord[],
  guildId?: string,
): CommandRecord[] {
  const errors: FormErrorTree = {}
  const seen = new Set<string>()
  bodies.forEach((body, i) => checkCommand(body, [i], errors, seen))
  if (Object.keys(errors).length > 0) throw invalidFormBody(errors)
  return bodies.map((body) => {
    const type = body.type ?? ApplicationCommandType.ChatInput
    const old = existing.find((c) => c.name === body.name && c.type === type)
    return {
      id: old?.id ?? world.nextId(),
      application_id: world.bot.id,
      version: world.nextId(),
      type,
      name: body.name,
      name_localizations: body.name_localizations ?? null,
      description: body.description ?? '',
      description_localizations: body.description_localizations ?? null,
      options: body.options ?? [],
      default_member_permissions: body.default_member_permissions ?? null,
      dm_permission: body.dm_permission ?? true,
      nsfw: body.nsfw ?? false,
      integration_types: body.integration_types ?? [0],
      contexts: body.contexts ?? null,
      ...(guildId ? { guild_id: guildId } : {}),
    }
  })
}

function checkCommand(body: Json, path: (string | number)[], errors: FormErrorTree, seen: Set<string>): void {
  const chatInput = (body.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput
  if (typeof body.name !== 'string' || !NAME.test(body.name) || (chatInput && body.name !== body.name.toLowerCase())) {
    addFormError(errors, [...path, 'name'], 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid')
  }
  const key = `${body.type ?? 1}:${body.name}`
  if (seen.has(key))
    addFormError(
      errors,
      [...path, 'name'],
      'APPLICATION_COMMANDS_DUPLICATE_NAME',
      'Application command names must be unique',
    )
  seen.add(key)
  if (chatInput) checkDescription(body, path, errors)
  checkLocalizations(body, path, errors, chatInput)
  checkOptions(body.options ?? [], [...path, 'options'], errors)
}

/** The languages a Discord client can be set to: a localization's keys, a member's `locale`. */
export const DISCORD_LOCALES: ReadonlySet<string> = new Set<string>(Object.values(Locale))

/**
 * `name_localizations` / `description_localizations` as Discord checks them: known locales only,
 * each name a valid (for chat input: lowercase) name, each description 1 to 100 characters.
 */
function checkLocalizations(body: Json, path: (string | number)[], errors: FormErrorTree, chatInput: boolean): void {
  for (const [field, valid] of [
    [
      'name_localizations',
      (v: unknown) => typeof v === 'string' && NAME.test(v) && (!chatInput || v === v.toLowerCase()),
    ],
    ['description_localizations', (v: unknown) => typeof v === 'string' && v.length >= 1 && v.length <= 100],
  ] as const) {
    for (const [locale, value] of Object.entries((body[field] ?? {}) as Json)) {
      if (!DISCORD_LOCALES.has(locale))
        addFormError(
          errors,
          [...path, field, locale],
          'BASE_TYPE_CHOICE_NOT_VALID',
          `Value "${locale}" is not a valid enum value.`,
        )
      else if (value !== null && !valid(value)) {
        const [code, message] =
          field === 'name_localizations'
            ? ['APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid']
            : ['BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.']
        addFormError(errors, [...path, field, locale], code, message)
      }
    }
  }
}

/** A choice's name and its localisations: 1 to 100 characters each. */
function checkChoice(choice: Json, path: (string | number)[], errors: FormErrorTree): void {
  const names: [(string | number)[], unknown][] = [
    [[...path, 'name'], choice.name],
    ...Object.entries((choice.name_localizations ?? {}) as Json).map(([locale, v]): [(string | number)[], unknown] => [
      [...path, 'name_localizations', locale],
      v,
    ]),
  ]
  for (const [at, name] of names) {
    if (typeof name !== 'string' || name.length < 1 || name.length > 100)
      addFormError(errors, at, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.')
  }
}

function checkDescription(body: Json, path: (string | number)[], errors: FormErrorTree): void {
  const d = body.description
  if (typeof d !== 'string' || d.length < 1 || d.length > 100) {
    addFormError(errors, [...path, 'description'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.')
  }
}

function checkOptions(options: Json[], path: (string | number)[], errors: FormErrorTree): void {
  if (options.length > 25) addFormError(errors, path, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.')
  let optionalSeen = false
  const names = new Set<string>()
  options.forEach((o, i) => {
    if (typeof o.name !== 'string' || !NAME.test(o.name) || o.name !== o.name.toLowerCase()) {
      addFormError(errors, [...path, i, 'name'], 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid')
    }
    if (names.has(o.name))
      addFormError(
        errors,
        [...path, i, 'name'],
        'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        'Option names must be unique',
      )
    names.add(o.name)
    checkDescription(o, [...path, i], errors)
    checkLocalizations(o, [...path, i], errors, true)
    ;((o.choices ?? []) as Json[]).forEach((c, j) => checkChoice(c, [...path, i, 'choices', j], errors))
    if (o.required && optionalSeen) {
      addFormError(
        errors,
        [...path, i, 'required'],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      )
    }
    if (!o.required && o.type !== Opt.Subcommand && o.type !== Opt.SubcommandGroup) optionalSeen = true
    if (o.options) checkOptions(o.options, [...path, i, 'options'], errors)
  })
}

/** What a test may pass as an option value: primitives, or members/channels/roles by handle or id. */
export type OptionValue = string | number | boolean | { id: string }

/** The `data` of a chat-input interaction for `/words...` with `values`, checked like Discord's client. */
export function resolveSlash(
  world: World,
  guild: GuildRecord,
  member: MemberRecord,
  commandLine: string,
  values: Record<string, OptionValue>,
) {
  const words = commandLine.trim().replace(/^\//, '').split(/\s+/)
  const name = words[0] ?? ''
  const command = findCommand(world, guild.id, name)
  if (command.default_member_permissions !== null) {
    const needed = BigInt(command.default_member_permissions)
    if ((memberPermissions(member) & needed) !== needed) {
      throw new Error(
        `${member.user.username} cannot use /${name}: it needs permissions ${needed} (default_member_permissions)`,
      )
    }
  }
  let options: Json[] = (command as Json).options ?? []
  const chain: { type: Opt; name: string }[] = []
  let i = 1
  for (const kind of [Opt.SubcommandGroup, Opt.Subcommand]) {
    const word = words[i]
    const sub = options.find((o) => o.type === kind && o.name === word)
    if (sub) {
      chain.push({ type: kind, name: sub.name })
      options = sub.options ?? []
      i++
    } else if (
      options.some((o) => o.type === kind) &&
      !(kind === Opt.SubcommandGroup && options.some((o) => o.type === Opt.Subcommand))
    ) {
      const choices = options.filter((o) => o.type === kind).map((o) => o.name)
      throw new Error(`/${words.slice(0, i).join(' ')} needs one of: ${choices.join(', ')} (got ${word ?? 'nothing'})`)
    }
  }
  if (i < words.length) throw new Error(`/${name} has no subcommand "${words.slice(i).join(' ')}"`)

  const resolved: Required<Pick<APIInteractionDataResolved, 'users' | 'members' | 'channels' | 'roles'>> = {
    users: {},
    members: {},
    channels: {},
    roles: {},
  }
  const leaf: APIApplicationCommandInteractionDataOption[] = []
  for (const key of Object.keys(values)) {
    if (!options.some((o) => o.name === key)) {
      throw new Error(
        `/${commandLine} has no option "${key}" (options: ${options.map((o) => o.name).join(', ') || 'none'})`,
      )
    }
  }
  for (const option of options) {
    const value = values[option.name]
    if (value === undefined) {
      if (option.required) throw new Error(`/${commandLine} needs the option "${option.name}"`)
      continue
    }
    leaf.push(
      toOption(world, guild, option, value, resolved, commandLine) as APIApplicationCommandInteractionDataOption,
    )
  }

  let tree: Json[] = leaf
  for (const step of [...chain].reverse()) tree = [{ type: step.type, name: step.name, options: tree }]
  const hasResolved = Object.values(resolved).some((r) => Object.keys(r).length > 0)
  return {
    command,
    data: {
      id: command.id,
      name: command.name,
      type: ApplicationCommandType.ChatInput,
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
      ...(tree.length ? { options: tree } : {}),
      ...(hasResolved ? { resolved } : {}),
    },
  }
}

function findCommand(world: World, guildId: string, name: string): CommandRecord {
  const all = [...(world.guildCommands.get(guildId) ?? []), ...world.globalCommands]
  const command = all.find((c) => c.name === name && c.type === ApplicationCommandType.ChatInput)
  if (!command) {
    const known = all.map((c) => `/${c.name}`).join(', ') || 'none'
    throw new Error(`The bot has not registered /${name} (registered: ${known})`)
  }
  return command
}

function toOption(world: World, guild: GuildRecord, option: Json, value: OptionValue, resolved: any, line: string) {
  const fail = (why: string) => new Error(`/${line}: option "${option.name}" ${why}`)
  const id = typeof value === 'object' ? value.id : String(value)
  const checkChoices = (v: string | number) => {
    if (option.choices && !option.choices.some((c: Json) => c.value === v)) {
      throw fail(`must be one of ${option.choices.map((c: Json) => JSON.stringify(c.value)).join(', ')}`)
    }
  }
  switch (option.type as Opt) {
    case Opt.String: {
      if (typeof value === 'object') throw fail('takes text')
      const s = String(value)
      if (option.min_length !== undefined && s.length < option.min_length)
        throw fail(`needs at least ${option.min_length} characters`)
      if (option.max_length !== undefined && s.length > option.max_length)
        throw fail(`takes at most ${option.max_length} characters`)
      checkChoices(s)
      return { type: Opt.String, name: option.name, value: s }
    }
    case Opt.Integer:
    case Opt.Number: {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
      if (!Number.isFinite(n) || (option.type === Opt.Integer && !Number.isInteger(n))) {
        throw fail(option.type === Opt.Integer ? 'takes a whole number' : 'takes a number')
      }
      if (option.min_value !== undefined && n < option.min_value) throw fail(`must be at least ${option.min_value}`)
      if (option.max_value !== undefined && n > option.max_value) throw fail(`must be at most ${option.max_value}`)
      checkChoices(n)
      return { type: option.type, name: option.name, value: n }
    }
    case Opt.Boolean:
      if (typeof value !== 'boolean') throw fail('takes true or false')
      return { type: Opt.Boolean, name: option.name, value }
    case Opt.User:
    case Opt.Mentionable: {
      const member = guild.members.find((m) => m.user.id === id)
      const role = apiRoles(guild).find((r) => r.id === id)
      if (member) {
        resolved.users[id] = apiUser(member.user)
        const { user: _user, deaf: _d, mute: _m, ...partial } = apiMember(member, guild)
        resolved.members[id] = { ...partial, permissions: memberPermissions(member).toString() }
      } else if (role && option.type === Opt.Mentionable) {
        resolved.roles[id] = role
      } else {
        const user = world.findUser(id)
        if (!user) throw fail(`names an unknown user ${id}`)
        resolved.users[id] = apiUser(user)
      }
      return { type: option.type, name: option.name, value: id }
    }
    case Opt.Channel: {
      const channel = world.channelById(id)
      if (!channel) throw fail(`names an unknown channel ${id}`)
      resolved.channels[id] = { ...apiChannel(channel), permissions: '0' }
      return { type: Opt.Channel, name: option.name, value: id }
    }
    case Opt.Role: {
      const role = apiRoles(guild).find((r) => r.id === id)
      if (!role) throw fail(`names an unknown role ${id}`)
      resolved.roles[id] = role
      return { type: Opt.Role, name: option.name, value: id }
    }
    default:
      throw fail(`has type ${option.type}, which the fake Discord cannot send`)
  }
}
