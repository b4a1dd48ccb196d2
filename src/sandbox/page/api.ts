/** The sandbox server's API as the page uses it (src/sandbox/web/server.ts serves it). */

export interface Member {
  readonly name: string
  readonly id: string
  readonly admin: boolean
  /** Their Discord client's language ("en-US", "de"), which their interactions carry. */
  readonly locale: string
}

export interface Embed {
  title?: string
  description?: string
  color?: number
  fields?: { name: string; value: string; inline?: boolean }[]
  footer?: { text: string }
  image?: { url: string }
  thumbnail?: { url: string }
}

/** A file on a message, as the fake Discord keeps it (`FakeAttachment`). */
export interface Attachment {
  url: string
  filename: string
  contentType: string
  width: number | null
  height: number | null
  description: string | null
}

export interface Message {
  id: string
  content: string
  embeds: Embed[]
  components: Component[]
  attachments?: Attachment[]
  flags: number
  author: { id: string; username: string; bot: boolean }
  createdAt: number
  editedAt: number | null
  ephemeralFor: string | null
  loading: boolean
}

export interface Component {
  type: number
  components?: Component[]
  custom_id?: string
  label?: string
  style?: number
  disabled?: boolean
  url?: string
  emoji?: { name?: string; id?: string; animated?: boolean }
  placeholder?: string
  min_values?: number
  max_values?: number
  options?: {
    label: string
    value: string
    description?: string
    emoji?: { name?: string; id?: string; animated?: boolean }
  }[]
}

export interface CommandOption {
  type: number
  name: string
  description: string
  required?: boolean
  choices?: { name: string; value: string | number }[]
  min_value?: number
  max_value?: number
  options?: CommandOption[]
}

export interface Command {
  name: string
  description: string
  options?: CommandOption[]
}

export interface PageState {
  me: string
  members: Member[]
  locales: string[]
  bot: { id: string; name: string }
  /** Where the fake Discord serves its CDN's files (custom emojis at `/emojis/<id>.png`). */
  cdn: string
  channel: string
  commands: Command[]
  messages: Message[]
}

export type Interaction =
  | { kind: 'slash'; command: string; options: Record<string, string | number | boolean> }
  | { kind: 'click'; messageId: string; customId: string }
  | { kind: 'select'; messageId: string; customId: string; values: string[] }

/** The language the page's member reads in: their client's, Discord's default until the state lists them. */
export function readerLocale(state: PageState): string {
  return state.members.find((m) => m.name === state.me)?.locale ?? 'en-US'
}

export async function fetchState(member: string): Promise<PageState> {
  const res = await fetch(`/api/state?member=${encodeURIComponent(member)}`)
  return (await res.json()) as PageState
}

/** Sends one interaction as `member`; resolves with an error text when Discord's client would refuse it. */
export function interact(member: string, what: Interaction): Promise<string | null> {
  return post('/api/interaction', { ...what, member })
}

export function addMember(name: string): Promise<string | null> {
  return post('/api/members', { name })
}

/** Sets the language of `member`'s Discord client; resolves with an error text when refused. */
export function setLocale(member: string, locale: string): Promise<string | null> {
  return post('/api/locale', { member, locale })
}

/** POSTs `body` as JSON; resolves with null when done, else the server's error text. */
async function post(path: string, body: object): Promise<string | null> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.ok) return null
  return ((await res.json()) as { error?: string }).error ?? `HTTP ${res.status}`
}
