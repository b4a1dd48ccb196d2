/**
 * Whom a new message notifies, as Discord decides it: the mentions written in its content
 * (`<@id>`, `<@!id>`, `@everyone`, `@here`; never inside code, never escaped with `\`), filtered by
 * the message's `allowed_mentions`. Without `allowed_mentions` Discord parses every kind (the bot
 * here may mention everyone). Embeds never notify. Tests read it as `FakeMessage.pings`.
 */

export interface AllowedMentions {
  readonly parse?: readonly string[] | null
  readonly users?: readonly string[] | null
}

export interface Pings {
  /** `@everyone` or `@here` notified the channel. */
  readonly everyone: boolean
  /** The users notified by a user mention. */
  readonly users: readonly string[]
}

export const NO_PINGS: Pings = { everyone: false, users: [] }

export function pingsOf(content: string, allowed: AllowedMentions | null | undefined): Pings {
  const text = content
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`]*`/g, '')
    .replace(/\\./g, '')
  const mentioned = [...new Set([...text.matchAll(/<@!?(\d{1,20})>/g)].map((m) => m[1]!))]
  const everyone = /@(everyone|here)/.test(text)
  if (!allowed) return { everyone, users: mentioned }
  const parse = new Set(allowed.parse ?? [])
  const users = parse.has('users') ? mentioned : mentioned.filter((id) => (allowed.users ?? []).includes(id))
  return { everyone: everyone && parse.has('everyone'), users }
}
