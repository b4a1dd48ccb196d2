import { escapeMarkdown } from 'discord.js'

/**
 * Text that members chose (display names, nicknames, what they typed into an option) as the bot
 * writes it: never markdown, never a mention, never invisible. A nickname like
 * `[free nitro](https://example.com)` stays those characters instead of a disguised link, and
 * `@everyone` or `<@id>` in it reads as typed and pings nobody (every message also sets
 * `allowedMentions`, so only the pings the bot means go out).
 */

/** Control, zero-width, soft-hyphen and bidirectional characters: they hide or reorder what is read. */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- these characters are what it finds
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0e\ufeff\uffa0\ufff0-\ufffb]/gu
/** A zero-width joiner is kept only inside an emoji sequence (👨‍👩‍👧), where it joins pictures. */
const LOOSE_JOINER =
  /(?<!\p{Extended_Pictographic}\p{Emoji_Modifier}?\ufe0f?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * The plain form of a member's text: invisible characters gone, any run of spaces or line breaks
 * one space, at most `max` characters (whole emojis, never half of one); `fallback` when nothing
 * visible is left. For places Discord shows as plain text (a thread's name, a picture).
 */
export function plainUserText(text: string, max = 100, fallback = '?'): string {
  const plain = text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/gu, ' ')
    .replace(INVISIBLE, '')
    .replace(LOOSE_JOINER, '')
    .replace(/\s+/gu, ' ')
    .trim()
  if (!plain) return fallback
  let out = ''
  for (const { segment } of graphemes.segment(plain)) {
    if (out.length + segment.length > max) break
    out += segment
  }
  return out || fallback
}

/**
 * A member's text inside a message Discord renders as markdown: plain (`plainUserText`), then
 * every markdown sign escaped (headings and lists too), brackets so that no masked link can be
 * written, and `@` and `<` so that no mention, channel link or custom emoji can.
 */
export function userText(text: string, max = 100, fallback = '?'): string {
  const escaped = escapeMarkdown(plainUserText(text, max, fallback), {
    heading: true,
    bulletedList: true,
    numberedList: true,
  })
  // Every bracket, not only a whole `[text](url)`: a name cut short, or followed by the bot's own
  // text, could still close a link.
  return escaped.replace(/[@<[\]]/g, (c) => `\\${c}`)
}
