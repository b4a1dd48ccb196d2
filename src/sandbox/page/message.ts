import { readerLocale, type Component, type Embed, type Message, type PageState } from './api.js'
import { emojiUrl, markdown, type Reader } from './markdown.js'
import { pageWords, type PageWords } from './words.js'

/** What a control on a message does when the member uses it. */
export interface ControlHandlers {
  click(messageId: string, customId: string): void
  select(messageId: string, customId: string, values: string[]): void
}

type Emoji = Component['emoji']

const BUTTON_TYPES: Record<number, string> = {
  1: 'primary',
  2: 'secondary',
  3: 'success',
  4: 'destructive',
  5: 'secondary',
}
const EPHEMERAL = 1 << 6

function el<K extends string>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  html?: string,
): HTMLElement {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value === true) node.setAttribute(key, '')
    else if (typeof value === 'string') node.setAttribute(key, value)
  }
  if (html !== undefined) node.innerHTML = html
  return node
}

const hex = (color: number | undefined) => (color === undefined ? undefined : `#${color.toString(16).padStart(6, '0')}`)
/** A Unicode emoji goes before the label as text; a custom one is drawn as its image (`emojiAttrs`). */
const emojiText = (emoji: Emoji) => (emoji?.name && !emoji.id ? `${emoji.name} ` : '')
/** A custom emoji's image on a button or an option, from the CDN, as Discord's client draws it. */
const emojiAttrs = (emoji: Emoji, cdn: string) =>
  emoji?.id ? { emoji: emojiUrl(cdn, emoji.id, emoji.animated === true), 'emoji-name': emoji.name } : {}

/**
 * An embed. Its image is drawn here rather than by the component, which caps it at 300 pixels wide:
 * Discord shows an embed's image up to 400 wide and 300 high, after the fields, with its alt text.
 */
function embed(e: Embed, reader: Reader, alt: (url: string) => string | undefined): HTMLElement {
  const node = el('discord-embed', {
    slot: 'embeds',
    'embed-title': e.title,
    color: hex(e.color),
    thumbnail: e.thumbnail?.url,
  })
  if (e.description)
    node.append(el('discord-embed-description', { slot: 'description' }, markdown(e.description, reader)))
  if (e.fields?.length) {
    const fields = el('discord-embed-fields', { slot: 'fields' })
    for (const f of e.fields)
      fields.append(
        el('discord-embed-field', { 'field-title': f.name, inline: f.inline === true }, markdown(f.value, reader)),
      )
    node.append(fields)
  }
  if (e.image?.url) {
    const media = el('div', { slot: 'fields', class: 'embed-media' })
    media.append(el('img', { src: e.image.url, alt: alt(e.image.url) ?? '' }))
    node.append(media)
  }
  if (e.footer?.text) node.append(el('discord-embed-footer', { slot: 'footer' }, markdown(e.footer.text, reader)))
  return node
}

function button(c: Component, messageId: string, on: ControlHandlers, cdn: string): HTMLElement {
  const node = el('discord-button', {
    type: BUTTON_TYPES[c.style ?? 2] ?? 'secondary',
    disabled: c.disabled === true,
    url: c.url,
    ...emojiAttrs(c.emoji, cdn),
  })
  node.textContent = `${emojiText(c.emoji)}${c.label ?? ''}`
  node.dataset.customId = c.custom_id ?? ''
  if (!c.disabled && !c.url && c.custom_id) node.addEventListener('click', () => on.click(messageId, c.custom_id!))
  return node
}

/**
 * A string select: Discord's look from the web component; picking an option sends it at once when
 * one value is taken, otherwise options toggle and a "Choose" button sends them (within min/max).
 */
function selectMenu(c: Component, messageId: string, on: ControlHandlers, cdn: string, words: PageWords): HTMLElement {
  const wrap = el('div', { class: 'select', 'data-custom-id': c.custom_id })
  const menu = el('discord-string-select-menu', {
    placeholder: c.placeholder ?? words.selectPlaceholder,
    disabled: c.disabled === true,
  })
  const min = c.min_values ?? 1
  const max = c.max_values ?? 1
  const picked = new Set<string>()
  // One choice per drawing of the menu, as in Discord: a second click while the first is on its way
  // would send the move twice (the bot redraws the view, and with it the menu).
  let sent = false
  const choose = (values: string[]) => {
    if (sent) return
    sent = true
    on.select(messageId, c.custom_id!, values)
  }
  const confirm = el('button', { class: 'choose', type: 'button' })
  const refresh = () => {
    confirm.textContent = words.choose(picked.size)
    confirm.toggleAttribute('disabled', picked.size < min || picked.size > max)
  }
  for (const o of c.options ?? []) {
    const option = el('discord-string-select-menu-option', {
      label: `${emojiText(o.emoji)}${o.label}`,
      description: o.description,
      ...emojiAttrs(o.emoji, cdn),
    })
    option.dataset.value = o.value
    option.addEventListener('click', (event) => {
      event.stopPropagation()
      // The option draws a <label> around a hidden checkbox, so a click on it arrives a second time
      // from that checkbox: one click must toggle once.
      if (event.composedPath()[0] instanceof HTMLInputElement) return
      if (c.disabled) return
      if (max === 1) return choose([o.value])
      if (picked.has(o.value)) picked.delete(o.value)
      else picked.add(o.value)
      option.setAttribute('label', `${picked.has(o.value) ? '✔ ' : ''}${emojiText(o.emoji)}${o.label}`)
      refresh()
    })
    menu.append(option)
  }
  wrap.append(menu)
  if (max > 1) {
    refresh()
    confirm.addEventListener('click', () => choose([...picked]))
    wrap.append(confirm)
  }
  return wrap
}

function components(m: Message, on: ControlHandlers, cdn: string, words: PageWords): HTMLElement | null {
  if (!m.components.length) return null
  const holder = el('discord-attachments', { slot: 'components' })
  for (const row of m.components) {
    const rowNode = el('discord-action-row')
    for (const c of row.components ?? []) {
      if (c.type === 2) rowNode.append(button(c, m.id, on, cdn))
      else if (c.type === 3) {
        holder.append(selectMenu(c, m.id, on, cdn, words))
        continue
      }
    }
    if (rowNode.childElementCount) holder.append(rowNode)
  }
  return holder
}

/** When a message was sent, as the reader's Discord client writes it ("Today at 14:32", "Heute um 14:32"). */
const clockTime = (ms: number, locale: string, words: PageWords) => {
  const at = new Date(ms)
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
  const yesterday = new Date(Date.now() - 86_400_000)
  if (at.toDateString() === new Date().toDateString()) return words.today(time)
  if (at.toDateString() === yesterday.toDateString()) return words.yesterday(time)
  return `${at.toLocaleDateString(locale)} ${time}`
}

/** An eye, as Discord marks a message only its reader sees. */
const EYE =
  '<svg class="eye" aria-hidden="true" width="16" height="16" viewBox="0 0 24 24"><path fill="currentColor" ' +
  'd="M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2a2 2 0 1 0 0-4 ' +
  '2 2 0 0 0 0 4Z"/></svg>'

/**
 * The note under an ephemeral message, in the reader's language: drawn here because the message
 * component writes its own in English. It goes in the component's last slot below the controls,
 * where Discord puts it.
 */
function ephemeralNote(words: PageWords): HTMLElement {
  const note = el('div', { slot: 'thread', class: 'ephemeral-note' }, EYE)
  note.append(`${words.onlyYou} • `)
  note.append(el('span', { class: 'dismiss', role: 'button' }, words.dismiss))
  return note
}

/** One message as the member sees it in Discord: author, text, embeds, images, controls. */
export function renderMessage(m: Message, state: PageState, on: ControlHandlers): HTMLElement {
  const names = new Map(state.members.map((x) => [x.id, x.name]))
  names.set(state.bot.id, state.bot.name)
  const meId = state.members.find((x) => x.name === state.me)?.id ?? ''
  const reader: Reader = { names, me: meId, locale: readerLocale(state), cdn: state.cdn }
  const words = pageWords(reader.locale)
  const author = m.author.bot ? state.bot.name : (names.get(m.author.id) ?? m.author.username)
  const mentioned = new RegExp(`<@!?${meId}>`).test(m.content)
  const node = el('discord-message', {
    author,
    avatar: `/avatars/${encodeURIComponent(author)}.svg`,
    bot: m.author.bot,
    highlight: mentioned,
    timestamp: clockTime(m.createdAt, reader.locale, words),
  })
  node.id = `m${m.id}`
  node.dataset.messageId = m.id
  // The component's own "ephemeral" and "edited" marks are English: the page draws them in the reader's words.
  const ephemeral = (m.flags & EPHEMERAL) !== 0 || m.ephemeralFor !== null
  if (ephemeral) node.classList.add('ephemeral')
  if (mentioned) node.classList.add('ping')
  node.innerHTML = m.loading
    ? `<em class="thinking">${words.thinking(author)}</em>`
    : // Discord writes "(edited)" after the text, and not at all on a message without one (embeds only).
      markdown(m.content, reader) +
      (m.editedAt !== null && m.content ? ` <span class="edited">${words.edited}</span>` : '')
  // As in Discord, a file an embed shows as its image is not shown a second time as an attachment.
  const inEmbeds = new Set(m.embeds.flatMap((e) => [e.image?.url, e.thumbnail?.url]))
  const images = (m.attachments ?? []).filter((a) => !inEmbeds.has(a.url) && a.contentType.startsWith('image/'))
  if (images.length) {
    const holder = el('discord-attachments', { slot: 'attachments' })
    for (const a of images)
      holder.append(
        el('discord-image-attachment', {
          url: a.url,
          alt: a.description ?? a.filename,
          width: String(a.width ?? 400),
          height: String(a.height ?? 200),
        }),
      )
    node.append(holder)
  }
  const alt = (url: string) => m.attachments?.find((a) => a.url === url)?.description ?? undefined
  for (const e of m.embeds) node.append(embed(e, reader, alt))
  const controls = components(m, on, reader.cdn, words)
  if (controls) node.append(controls)
  if (ephemeral) node.append(ephemeralNote(words))
  return node
}
