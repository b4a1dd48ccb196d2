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
  emoji?: { name?: string; id?: string }
  placeholder?: string
  min_values?: number
  max_values?: number
  options?: { label: string; value: string; description?: string; emoji?: { name?: string; id?: string } }[]
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
  channel: string
  commands: Command[]
  messages: Message[]
}

export type Interaction =
  | { kind: 'slash'; command: string; options: Record<string, string | number | boolean> }
  | { kind: 'click'; messageId: string; customId: string }
  | { kind: 'select'; messageId: string; customId: string; values: string[] }

export async function fetchState(member: string): Promise<PageState> {
  const res = await fetch(`/api/state?member=${encodeURIComponent(member)}`)
  return (await res.json()) as PageState
}

/** Sends one interaction as `member`; resolves with an error text when Discord's client would refuse it. */
export async function interact(member: string, what: Interaction): Promise<string | null> {
  const res = await fetch('/api/interaction', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...what, member }),
  })
  if (res.ok) return null
  const body = (await res.json()) as { error?: string }
  return body.error ?? `HTTP ${res.status}`
}

export async function addMember(name: string): Promise<string | null> {
  const res = await fetch('/api/members', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  })
  if (res.ok) return null
  return ((await res.json()) as { error?: string }).error ?? `HTTP ${res.status}`
}

/** Sets the language of `member`'s Discord client; resolves with an error text when refused. */
export async function setLocale(member: string, locale: string): Promise<string | null> {
  const res = await fetch('/api/locale', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ member, locale }),
  })
  if (res.ok) return null
  return ((await res.json()) as { error?: string }).error ?? `HTTP ${res.status}`
}
