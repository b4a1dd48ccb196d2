import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10'
import type { AllowedMentions } from './mentions.js'
import type { APIEmbed } from 'discord-api-types/v10'
import { addFormError, invalidFormBody, type FormErrorTree } from './errors.js'

/** Discord's documented message and component limits. */
export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  selectOptions: 25,
  customId: 100,
  buttonLabel: 80,
  selectPlaceholder: 150,
  optionText: 100,
  componentsV2Total: 40,
} as const

type Json = Record<string, unknown>
type Path = (string | number)[]

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Message fields as a create/edit body carries them; all optional because edits may send any subset. */
export interface MessageBody {
  content?: string | null
  embeds?: APIEmbed[] | null
  components?: Json[] | null
  flags?: number | null
  allowed_mentions?: AllowedMentions | null
}

/**
 * Checks a message body against Discord's limits; throws the 400 "Invalid Form Body" error Discord
 * would send. `flags` are the message's effective flags (Components V2 changes the component rules).
 */
export function checkMessageBody(body: MessageBody, flags: number): void {
  const errors: FormErrorTree = {}
  const add = (path: Path, code: string, message: string) => addFormError(errors, path, code, message)
  const v2 = (flags & MessageFlags.IsComponentsV2) !== 0

  if (typeof body.content === 'string' && body.content.length > LIMITS.content) {
    add(['content'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.content} or fewer in length.`)
  }
  if (body.embeds) checkEmbeds(body.embeds, add)
  if (v2) {
    if (body.content)
      add(
        ['content'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
      )
    if (body.embeds?.length)
      add(
        ['embeds'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
      )
  }
  if (body.components) checkComponents(body.components, v2, add)

  if (Object.keys(errors).length > 0) throw invalidFormBody(errors)
}

function checkEmbeds(embeds: APIEmbed[], add: (p: Path, c: string, m: string) => void): void {
  if (embeds.length > LIMITS.embeds)
    add(['embeds'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.embeds} or fewer in length.`)
  let total = 0
  embeds.forEach((embed, i) => {
    const max = (path: Path, value: unknown, limit: number) => {
      const s = str(value)
      total += s.length
      if (s.length > limit) add(['embeds', i, ...path], 'BASE_TYPE_MAX_LENGTH', `Must be ${limit} or fewer in length.`)
    }
    max(['title'], embed.title, LIMITS.embedTitle)
    max(['description'], embed.description, LIMITS.embedDescription)
    max(['footer', 'text'], embed.footer?.text, LIMITS.footerText)
    max(['author', 'name'], embed.author?.name, LIMITS.authorName)
    const fields = embed.fields ?? []
    if (fields.length > LIMITS.embedFields) {
      add(['embeds', i, 'fields'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.embedFields} or fewer in length.`)
    }
    fields.forEach((field, j) => {
      for (const [key, limit] of [
        ['name', LIMITS.fieldName],
        ['value', LIMITS.fieldValue],
      ] as const) {
        if (!str(field[key])) add(['embeds', i, 'fields', j, key], 'BASE_TYPE_REQUIRED', 'This field is required')
        max(['fields', j, key], field[key], limit)
      }
    })
  })
  if (total > LIMITS.embedTotal) {
    add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${LIMITS.embedTotal}`)
  }
}

/** Component types that may carry a custom_id a user interaction reports back. */
const INTERACTIVE = new Set<number>([
  ComponentType.Button,
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
])
const SELECTS = new Set<number>([...INTERACTIVE].filter((t) => t !== ComponentType.Button))

function checkComponents(components: Json[], v2: boolean, add: (p: Path, c: string, m: string) => void): void {
  const customIds = new Set<string>()
  let count = 0

  const checkInteractive = (c: Json, path: Path) => {
    const customId = c.custom_id
    const isLink = c.type === ComponentType.Button && (c.style === ButtonStyle.Link || c.style === ButtonStyle.Premium)
    if (!isLink) {
      if (typeof customId !== 'string' || customId.length === 0) {
        add([...path, 'custom_id'], 'BASE_TYPE_REQUIRED', 'This field is required')
      } else {
        if (customId.length > LIMITS.customId) {
          add([...path, 'custom_id'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.customId} or fewer in length.`)
        }
        if (customIds.has(customId)) {
          add([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated')
        }
        customIds.add(customId)
      }
    } else if (c.style === ButtonStyle.Link && typeof c.url !== 'string') {
      add([...path, 'url'], 'BASE_TYPE_REQUIRED', 'This field is required')
    }
    if (c.type === ComponentType.Button && str(c.label).length > LIMITS.buttonLabel) {
      add([...path, 'label'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.buttonLabel} or fewer in length.`)
    }
    if (SELECTS.has(c.type as number)) {
      if (str(c.placeholder).length > LIMITS.selectPlaceholder) {
        add([...path, 'placeholder'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.selectPlaceholder} or fewer in length.`)
      }
      if (c.type === ComponentType.StringSelect) checkSelectOptions(c, path, add)
    }
  }

  const checkRow = (row: Json, path: Path) => {
    const children = Array.isArray(row.components) ? (row.components as Json[]) : []
    if (children.length === 0) add([...path, 'components'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.')
    const selects = children.filter((c) => SELECTS.has(c.type as number)).length
    if (selects > 1 || (selects === 1 && children.length > 1) || children.length > LIMITS.buttonsPerRow) {
      add(
        [...path, 'components'],
        'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
        'The specified component exceeds the maximum width',
      )
    }
    children.forEach((c, i) => {
      count++
      if (!INTERACTIVE.has(c.type as number)) {
        add(
          [...path, 'components', i],
          'COMPONENT_TYPE_INVALID',
          `Component type ${String(c.type)} is not allowed in an action row`,
        )
      } else checkInteractive(c, [...path, 'components', i])
    })
  }

  // Components V2 nest: containers hold rows, texts, sections; sections hold texts and an accessory.
  const visit = (c: Json, path: Path) => {
    count++
    switch (c.type) {
      case ComponentType.ActionRow:
        return checkRow(c, path)
      case ComponentType.Container:
        return ((c.components as Json[] | undefined) ?? []).forEach((child, i) =>
          visit(child, [...path, 'components', i]),
        )
      case ComponentType.Section:
        ;((c.components as Json[] | undefined) ?? []).forEach((child, i) => visit(child, [...path, 'components', i]))
        if (c.accessory) {
          const accessory = c.accessory as Json
          count++
          if (accessory.type === ComponentType.Button) checkInteractive(accessory, [...path, 'accessory'])
        }
        return
      default:
        return
    }
  }

  if (v2) {
    components.forEach((c, i) => visit(c, ['components', i]))
    if (count > LIMITS.componentsV2Total) {
      add(['components'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.componentsV2Total} or fewer in total components.`)
    }
    return
  }
  if (components.length > LIMITS.actionRows) {
    add(['components'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.actionRows} or fewer in length.`)
  }
  components.forEach((c, i) => {
    if (c.type !== ComponentType.ActionRow) {
      add(
        ['components', i],
        'UNION_TYPE_CHOICES',
        'Value of field "type" must be one of (1,). Use MessageFlags.IS_COMPONENTS_V2 for other top-level components.',
      )
    } else checkRow(c, ['components', i])
  })
}

function checkSelectOptions(select: Json, path: Path, add: (p: Path, c: string, m: string) => void): void {
  const options = Array.isArray(select.options) ? (select.options as Json[]) : []
  if (options.length === 0) add([...path, 'options'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.')
  if (options.length > LIMITS.selectOptions) {
    add([...path, 'options'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.selectOptions} or fewer in length.`)
  }
  options.forEach((o, i) => {
    for (const key of ['label', 'value', 'description'] as const) {
      if (str(o[key]).length > LIMITS.optionText) {
        add([...path, 'options', i, key], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.optionText} or fewer in length.`)
      }
    }
  })
  const values = new Set(options.map((o) => o.value))
  if (values.size !== options.length) {
    add(
      [...path, 'options'],
      'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
      'Select component option values cannot be duplicated',
    )
  }
  const min = typeof select.min_values === 'number' ? select.min_values : 1
  const max = typeof select.max_values === 'number' ? select.max_values : 1
  if (min < 0 || min > LIMITS.selectOptions)
    add([...path, 'min_values'], 'NUMBER_TYPE_MAX', `int value should be between 0 and ${LIMITS.selectOptions}.`)
  if (max < 1 || max > LIMITS.selectOptions)
    add([...path, 'max_values'], 'NUMBER_TYPE_MAX', `int value should be between 1 and ${LIMITS.selectOptions}.`)
  if (max > options.length && options.length > 0) {
    add(
      [...path, 'max_values'],
      'SELECT_COMPONENT_MAX_VALUES_EXCEEDED',
      'max_values must be less than or equal to the number of options',
    )
  }
}
