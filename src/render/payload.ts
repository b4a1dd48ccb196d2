import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIStringSelectComponent,
  type APISelectMenuOption,
} from 'discord.js'

/**
 * A message as render hands it to the bot: plain API JSON that discord.js accepts for
 * reply/update/edit/send alike. Only the ephemeral builders set `flags`; use `forUpdate` to drop
 * them when updating an existing message (Discord refuses flag changes on edits).
 */
export interface Payload {
  content?: string
  embeds?: APIEmbed[]
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[]
  flags?: number
  allowedMentions?: { parse?: ('users' | 'roles' | 'everyone')[]; users?: string[]; repliedUser?: boolean }
  /** Pictures to upload (render/images); an embed shows one through `attachment://<name>`. */
  files?: FileUpload[]
  /** On edits, the attachments to keep: `[]` removes a picture that is no longer wanted. */
  attachments?: { id: string }[]
}

export interface FileUpload {
  attachment: Buffer
  name: string
  /** Alt text: the picture's content in words. */
  description: string
}

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>

/** Mentions render but never ping; pings are sent on purpose only (turnPing). */
export const NO_PINGS = { parse: [] as ('users' | 'roles' | 'everyone')[] }

export const EPHEMERAL = MessageFlags.Ephemeral as number

/** Embed colours per mood, so a glance tells lobby, play, the end and information apart. */
export const COLOURS = { lobby: 0x5865f2, play: 0x2b8a3e, over: 0xf1c40f, info: 0x3498db } as const

export function ephemeral(p: Payload): Payload {
  return { ...p, flags: EPHEMERAL, allowedMentions: p.allowedMentions ?? NO_PINGS }
}

/** The same message for `interaction.update` / `message.edit`: flags cannot change on edits. */
export function forUpdate(p: Payload): Payload {
  const { flags: _flags, ...rest } = p
  return { ...rest, components: rest.components ?? [] }
}

export function button(
  customId: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger = ButtonStyle.Secondary,
  disabled = false,
): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    custom_id: customId,
    label: clip(label, 80),
    style,
    ...(disabled ? { disabled } : {}),
  }
}

export function select(
  customId: string,
  placeholder: string,
  options: APISelectMenuOption[],
  min = 1,
  max = 1,
): APIStringSelectComponent {
  return {
    type: ComponentType.StringSelect,
    custom_id: customId,
    placeholder: clip(placeholder, 150),
    options: options.map((o) => ({
      ...o,
      label: clip(o.label, 100),
      ...(o.description ? { description: clip(o.description, 100) } : {}),
    })),
    min_values: min,
    max_values: max,
  }
}

export function row(...components: APIComponentInMessageActionRow[]): Row {
  return { type: ComponentType.ActionRow, components }
}

/** Buttons packed five to a row. */
export function buttonRows(buttons: readonly APIButtonComponentWithCustomId[]): Row[] {
  const rows: Row[] = []
  for (let i = 0; i < buttons.length; i += 5) rows.push(row(...buttons.slice(i, i + 5)))
  return rows
}

/** Shortens text to `max` characters with an ellipsis, never cutting in a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = max - 1
  const code = text.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut--
  return `${text.slice(0, cut)}…`
}

export { ButtonStyle, ComponentType }
