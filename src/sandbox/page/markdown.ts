/**
 * The part of Discord's markdown the bot uses, turned into HTML: bold, italic, strike, inline code,
 * block quotes, "-#" small lines, user mentions, <t:…> timestamps and custom emojis (`<:card_KD:id>`,
 * drawn as the emoji's image from the CDN, as Discord's client draws it). Everything else is
 * escaped. A timestamp is written in the reader's language, as their Discord client writes it.
 */
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function relativeTime(unixSeconds: number, locale: string, now = Date.now()): string {
  const seconds = Math.round(unixSeconds - now / 1000)
  const abs = Math.abs(seconds)
  const [value, unit] =
    abs < 60
      ? [seconds, 'second']
      : abs < 3600
        ? [Math.round(seconds / 60), 'minute']
        : abs < 86400
          ? [Math.round(seconds / 3600), 'hour']
          : [Math.round(seconds / 86400), 'day']
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit as Intl.RelativeTimeFormatUnit)
}

/** Where a custom emoji's image is: Discord's CDN path (`/emojis/<id>.png`, `.gif` when animated) on `cdn`. */
export const emojiUrl = (cdn: string, id: string, animated = false) => `${cdn}/emojis/${id}.${animated ? 'gif' : 'png'}`

/**
 * Who reads a message: the names of mentioned ids, their own id (a mention of them is lit), their
 * language, and where the custom emojis' images are (the fake Discord's CDN).
 */
export interface Reader {
  readonly names: ReadonlyMap<string, string>
  readonly me: string
  readonly locale: string
  readonly cdn: string
}

export function markdown(text: string, { names, me, locale, cdn }: Reader): string {
  return text
    .split('\n')
    .map((raw) => {
      let line = escape(raw)
      let wrap = (s: string) => s
      if (line.startsWith('-# ')) {
        line = line.slice(3)
        wrap = (s) => `<small class="subtext">${s}</small>`
      } else if (line.startsWith('&gt; ')) {
        line = line.slice(5)
        wrap = (s) => `<span class="quote">${s}</span>`
      }
      line = line
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
        .replace(/__(.+?)__/g, '<u>$1</u>')
        .replace(/~~(.+?)~~/g, '<s>$1</s>')
        .replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, '$1<em>$2</em>')
        .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, (_m, label: string, url: string) => {
          // A link to a message of this channel scrolls to it; the sandbox has no other pages.
          const id = /\/channels\/\d+\/\d+\/(\d+)$/.exec(url)?.[1]
          return id
            ? `<a href="#m${id}">${label}</a>`
            : `<a href="${url}" target="_blank" rel="noreferrer">${label}</a>`
        })
        .replace(/&lt;@!?(\d+)&gt;/g, (_m, id: string) => {
          const name = names.get(id) ?? id
          return `<discord-mention${id === me ? ' highlight' : ''}>${escape(name)}</discord-mention>`
        })
        .replace(/&lt;(a?):(\w+):(\d+)&gt;/g, (_m, animated: string, name: string, id: string) => {
          const url = emojiUrl(cdn, id, animated === 'a')
          return `<img class="emoji" src="${url}" alt=":${name}:" title=":${name}:" draggable="false">`
        })
        .replace(/&lt;t:(\d+)(?::([tTdDfFR]))?&gt;/g, (_m, secs: string, style?: string) => {
          const date = new Date(Number(secs) * 1000)
          const full = date.toLocaleString(locale)
          const shown = style === 'R' ? relativeTime(Number(secs), locale) : full
          return `<time class="timestamp" datetime="${date.toISOString()}" title="${full}">${shown}</time>`
        })
      return wrap(line)
    })
    .join('<br>')
}
