import type { Card } from '../../src/core/cards.js'
import { cardText } from '../../src/render/format.js'
import { langOf, LOCALES } from '../../src/i18n/index.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import { componentsOf } from './controls.js'

/** How the privacy oracles (the e2e harness, the simulator) read what a member can see. */

/**
 * A card as any message might spell it: its code (`QS`) or its label in any language (`Q♠`, the
 * German `D♠`) as a whole token, or its emoji (`<:card_QS:123>`), by name or by `emojiIds`, the ids
 * of the uploaded emojis that draw it (Discord draws an emoji from its id, whatever name the text
 * gives it). A code inside an id is none (`4PJ8F_QS_jJT`: table ids are base64url).
 */
export function cardPattern(c: Card, emojiIds: readonly string[] = []): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const labels = [...new Set(LOCALES.map((l) => cardText(c, langOf(l))))].map(esc)
  // Any emoji drawn from one of `emojiIds`, whatever its name.
  const byId = emojiIds.map((id) => `<a?:\\w+:${id}>`)
  // The code alone, or in an emoji's name: in text (`<:card_QS_de:123>`) or a button's JSON
  // (`"name":"card_QS"`).
  const code = `(?<![A-Za-z0-9_-])${esc(c)}(?![A-Za-z0-9_-])|card_${esc(c)}(?![A-Za-z0-9])`
  return new RegExp([code, `(?<![A-Za-z0-9])(?:${labels.join('|')})(?![A-Za-z0-9])`, ...byId].join('|'))
}

/** Pages that show no game and whose examples name cards: the rules, the server's settings ("cards as text (K♦)"). */
export const isExamplePage = (m: FakeMessage) =>
  m.embeds.some((e) =>
    /— (rules|Regeln)\b|^(Server settings|Servereinstellungen)( changed| geändert)?$/.test(e.title ?? ''),
  )

/**
 * A component as the oracle reads it: a custom_id's random table id and move token are not card
 * text (an id like `t:AH-fog8_DQod:join` would read as the ace of hearts), its move is.
 */
function withoutIds(c: Record<string, unknown>): Record<string, unknown> {
  const id = parseCustomId(c.custom_id)
  if (!id || !('tableId' in id)) return c
  const { tableId: _table, ...rest } = id
  const { token: _token, ...move } = rest as typeof rest & { token?: string }
  return { ...c, custom_id: move }
}

/** A message as lines of text: content, embed parts and each component, so changes show line by line. */
export function linesOf(m: FakeMessage): string[] {
  const out = m.content.split('\n')
  for (const e of m.embeds) {
    out.push(...(e.title ?? '').split('\n'), ...(e.description ?? '').split('\n'), e.footer?.text ?? '')
    for (const f of e.fields ?? []) out.push(f.name, ...f.value.split('\n'))
  }
  for (const c of componentsOf(m)) if (c.type !== 1) out.push(JSON.stringify(withoutIds(c)))
  // A picture's alt text is text the member can read too.
  for (const a of m.attachments) out.push(a.description ?? '')
  return out
}

/**
 * A line without its card emojis: a line that only gained them (the bot adds them before card
 * names once its upload is done) says nothing new, and is checked in this form.
 */
export const withoutCardEmojis = (line: string) => line.replace(/<a?:card_\w+:\d+> /g, '')
