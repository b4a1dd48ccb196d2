import type { Command, CommandOption, Member } from './api.js'

const SUBCOMMAND = 1
const GROUP = 2
const INTEGER = 4
const BOOLEAN = 5
const USER = 6
const NUMBER = 10

/** A command the member can type: its words ("table kick") and the options it takes. */
export interface CommandPath {
  readonly words: string
  readonly description: string
  readonly options: readonly CommandOption[]
}

/** Every runnable path of the registered commands: subcommands and groups unfolded. */
export function commandPaths(commands: readonly Command[]): CommandPath[] {
  const out: CommandPath[] = []
  const walk = (words: string, description: string, options: readonly CommandOption[] = []) => {
    const subs = options.filter((o) => o.type === SUBCOMMAND || o.type === GROUP)
    if (subs.length === 0) out.push({ words, description, options })
    for (const s of subs) walk(`${words} ${s.name}`, s.description, s.options ?? [])
  }
  for (const c of commands) walk(c.name, c.description, c.options)
  return out.sort((a, b) => a.words.localeCompare(b.words))
}

function field(o: CommandOption, members: readonly Member[]): HTMLElement {
  const label = document.createElement('label')
  label.className = 'option'
  label.title = o.description
  label.append(`${o.name}${o.required ? '*' : ''} `)
  let input: HTMLInputElement | HTMLSelectElement
  const choices: { name: string; value: string }[] | null = o.choices
    ? o.choices.map((c) => ({ name: c.name, value: String(c.value) }))
    : o.type === BOOLEAN
      ? [
          { name: 'true', value: 'true' },
          { name: 'false', value: 'false' },
        ]
      : o.type === USER
        ? members.map((m) => ({ name: m.name, value: `@${m.name}` }))
        : null
  if (choices) {
    input = document.createElement('select')
    if (!o.required || o.type !== USER) input.append(new Option(o.required ? '(choose)' : '(default)', ''))
    for (const c of choices) input.append(new Option(c.name, c.value))
  } else {
    input = document.createElement('input')
    input.type = o.type === INTEGER || o.type === NUMBER ? 'number' : 'text'
    if (o.type === INTEGER) input.step = '1'
    if (o.type === NUMBER) input.step = 'any'
    if (o.min_value !== undefined) input.min = String(o.min_value)
    if (o.max_value !== undefined) input.max = String(o.max_value)
    input.placeholder = o.description.slice(0, 60)
  }
  input.name = o.name
  input.dataset.type = String(o.type)
  label.append(input)
  return label
}

/** The option form of one command; `read()` gives the values as the fake Discord takes them. */
export function optionForm(
  path: CommandPath,
  members: readonly Member[],
): { node: HTMLElement; read(): Record<string, string | number | boolean> } {
  const node = document.createElement('div')
  node.className = 'options'
  for (const o of path.options) node.append(field(o, members))
  return {
    node,
    read() {
      const values: Record<string, string | number | boolean> = {}
      for (const input of node.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
        if (input.value === '') continue
        const type = Number(input.dataset.type)
        const choice = path.options
          .find((o) => o.name === input.name)
          ?.choices?.find((c) => String(c.value) === input.value)
        values[input.name] =
          choice !== undefined
            ? choice.value
            : type === BOOLEAN
              ? input.value === 'true'
              : type === INTEGER || type === NUMBER
                ? Number(input.value)
                : input.value
      }
      return values
    },
  }
}
