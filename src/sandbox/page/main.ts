import '@skyra/discord-components-core'
import { setConfig } from '@skyra/discord-components-core'
import {
  addMember,
  fetchState,
  interact,
  readerLocale,
  setLocale,
  type Interaction,
  type Message,
  type PageState,
} from './api.js'
import { commandPaths, optionForm, type CommandPath } from './command-box.js'
import { renderMessage, type ControlHandlers } from './message.js'

// Local avatars only: the components' defaults point to Discord's CDN, which the sandbox never reaches.
const local = '/avatars/member.svg'
setConfig({ avatars: { default: 'blue', blue: local, gray: local, green: local, orange: local, red: local } })

const params = new URLSearchParams(location.search)
let me = params.get('member') ?? 'alice'
let state: PageState | null = null
const rendered = new Map<string, { key: string; node: HTMLElement }>()

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const channel = $('channel')
const status = $('status')

function say(text: string, kind: 'info' | 'error' = 'info'): void {
  status.textContent = text
  status.className = kind
}

async function send(what: Interaction): Promise<void> {
  say('Sending…')
  const error = await interact(me, what)
  say(error ?? '', error ? 'error' : 'info')
  await refresh()
}

const controls: ControlHandlers = {
  click: (messageId, customId) => void send({ kind: 'click', messageId, customId }),
  select: (messageId, customId, values) => void send({ kind: 'select', messageId, customId, values }),
}

/** Redraws only the messages that changed, so an open menu elsewhere keeps its state. */
function drawMessages(messages: Message[]): void {
  const atBottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40
  const seen = new Set<string>()
  let previous: HTMLElement | null = null
  for (const m of messages) {
    seen.add(m.id)
    // What is drawn, not when: two edits within one tick of the fake's clock share a timestamp.
    const key = JSON.stringify([me, readerLocale(state!), m.loading, m.content, m.embeds, m.components, m.attachments])
    let entry = rendered.get(m.id)
    if (!entry || entry.key !== key) {
      const node = renderMessage(m, state!, controls)
      if (entry) entry.node.replaceWith(node)
      entry = { key, node }
      rendered.set(m.id, entry)
    }
    if (entry.node.previousElementSibling !== previous || !entry.node.isConnected) {
      if (previous) previous.after(entry.node)
      else channel.prepend(entry.node)
    }
    previous = entry.node
  }
  for (const [id, entry] of rendered) {
    if (!seen.has(id)) {
      entry.node.remove()
      rendered.delete(id)
    }
  }
  if (atBottom) window.scrollTo(0, document.body.scrollHeight)
}

function drawMembers(): void {
  const select = $<HTMLSelectElement>('member')
  const tabs = $('tabs')
  select.replaceChildren(
    ...state!.members.map((m) => new Option(`${m.name}${m.admin ? ' (admin)' : ''}`, m.name, false, m.name === me)),
  )
  tabs.replaceChildren(
    ...state!.members.map((m) => {
      const a = document.createElement('a')
      a.href = `?member=${encodeURIComponent(m.name)}`
      a.target = `sandbox-${m.name}`
      a.textContent = m.name
      a.title = `Open a tab as ${m.name}`
      return a
    }),
  )
}

/** A language by its own name ("Deutsch"), as Discord's language setting lists them. */
const languageName = (locale: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale

function drawLocale(): void {
  const select = $<HTMLSelectElement>('locale')
  const mine = readerLocale(state!)
  select.replaceChildren(...state!.locales.map((l) => new Option(`${languageName(l)} (${l})`, l, false, l === mine)))
}

let paths: CommandPath[] = []
function drawCommands(): void {
  const select = $<HTMLSelectElement>('command')
  const next = commandPaths(state!.commands)
  if (next.map((p) => p.words).join() === paths.map((p) => p.words).join()) return
  const chosen = select.value
  paths = next
  select.replaceChildren(...paths.map((p) => new Option(`/${p.words}`, p.words, false, p.words === chosen)))
  drawOptions()
}

let readOptions: () => Record<string, string | number | boolean> = () => ({})
function drawOptions(): void {
  const path = paths.find((p) => p.words === $<HTMLSelectElement>('command').value)
  const holder = $('options')
  if (!path) return holder.replaceChildren()
  const form = optionForm(path, state!.members)
  readOptions = form.read
  $('command-help').textContent = path.description
  holder.replaceChildren(form.node)
}

let refreshing: Promise<void> | null = null
let again = false
async function refresh(): Promise<void> {
  if (refreshing) {
    again = true
    return refreshing
  }
  refreshing = (async () => {
    do {
      again = false
      state = await fetchState(me)
      me = state.me
      document.title = `#${state.channel} as ${me} · Card tables sandbox`
      $('channel-name').textContent = `#${state.channel}`
      drawMembers()
      drawLocale()
      drawCommands()
      drawMessages(state.messages)
    } while (again)
  })().finally(() => (refreshing = null))
  return refreshing
}

$<HTMLSelectElement>('member').addEventListener('change', (e) => {
  me = (e.target as HTMLSelectElement).value
  history.replaceState(null, '', `?member=${encodeURIComponent(me)}`)
  for (const entry of rendered.values()) entry.node.remove()
  rendered.clear()
  void refresh()
})
$<HTMLSelectElement>('locale').addEventListener('change', (e) => {
  const locale = (e.target as HTMLSelectElement).value
  void setLocale(me, locale).then((error) => (error ? say(error, 'error') : refresh()))
})
$('add-member').addEventListener('click', () => {
  const name = prompt('Name of the new member (letters and digits):')
  if (name) void addMember(name).then((error) => (error ? say(error, 'error') : refresh()))
})
$<HTMLSelectElement>('command').addEventListener('change', drawOptions)
$('send').addEventListener('click', () => {
  const words = $<HTMLSelectElement>('command').value
  if (words) void send({ kind: 'slash', command: words, options: readOptions() })
})

new EventSource('/api/events').onmessage = () => void refresh()
void refresh()
