import { ComponentType } from 'discord.js'
import type { Payload } from './payload.js'

/** Discord's message limits (API docs: Message, Embed Limits, Message Components). */
export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  rows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  optionText: 100,
  placeholder: 150,
} as const

/**
 * Every way a payload breaks Discord's limits, in words; [] when Discord would accept it.
 * Used by the tests over random game states, and usable by the bot as a last guard.
 */
export function limitViolations(p: Payload): string[] {
  const bad: string[] = []
  const over = (what: string, len: number, max: number) => {
    if (len > max) bad.push(`${what} is ${len} characters (max ${max})`)
  }
  if (p.content !== undefined) over('content', p.content.length, LIMITS.content)
  const hasBody = (p.content?.length ?? 0) > 0 || (p.embeds?.length ?? 0) > 0 || (p.components?.length ?? 0) > 0
  if (!hasBody) bad.push('empty message')

  const embeds = p.embeds ?? []
  if (embeds.length > LIMITS.embeds) bad.push(`${embeds.length} embeds (max ${LIMITS.embeds})`)
  let total = 0
  embeds.forEach((e, i) => {
    const at = `embed ${i}`
    const title = e.title ?? ''
    const desc = e.description ?? ''
    over(`${at} title`, title.length, LIMITS.title)
    over(`${at} description`, desc.length, LIMITS.description)
    total += title.length + desc.length
    if (e.footer) {
      over(`${at} footer`, e.footer.text.length, LIMITS.footer)
      if (e.footer.text.length === 0) bad.push(`${at} footer is empty`)
      total += e.footer.text.length
    }
    if (e.author) {
      over(`${at} author`, e.author.name.length, LIMITS.author)
      total += e.author.name.length
    }
    const fields = e.fields ?? []
    if (fields.length > LIMITS.fields) bad.push(`${at} has ${fields.length} fields (max ${LIMITS.fields})`)
    fields.forEach((f, j) => {
      over(`${at} field ${j} name`, f.name.length, LIMITS.fieldName)
      over(`${at} field ${j} value`, f.value.length, LIMITS.fieldValue)
      if (f.name.trim() === '' || f.value.trim() === '') bad.push(`${at} field ${j} is blank`)
      total += f.name.length + f.value.length
    })
    if (!title && !desc && fields.length === 0 && !e.footer && !e.author) bad.push(`${at} is empty`)
  })
  if (total > LIMITS.embedTotal) bad.push(`embeds hold ${total} characters (max ${LIMITS.embedTotal})`)

  const rows = p.components ?? []
  if (rows.length > LIMITS.rows) bad.push(`${rows.length} component rows (max ${LIMITS.rows})`)
  const ids = new Set<string>()
  rows.forEach((r, i) => {
    const at = `row ${i}`
    if (r.type !== ComponentType.ActionRow) bad.push(`${at} is not an action row`)
    const comps = r.components
    if (comps.length === 0) bad.push(`${at} is empty`)
    const selects = comps.filter((c) => c.type !== ComponentType.Button)
    if (selects.length > 0 && comps.length > 1) bad.push(`${at} mixes a select menu with other components`)
    if (comps.length > LIMITS.buttonsPerRow) bad.push(`${at} has ${comps.length} buttons (max ${LIMITS.buttonsPerRow})`)
    for (const c of comps) {
      const id = 'custom_id' in c ? c.custom_id : undefined
      if (id !== undefined) {
        over(`${at} custom_id`, id.length, LIMITS.customId)
        if (ids.has(id)) bad.push(`custom_id ${id} appears twice`)
        ids.add(id)
      }
      if (c.type === ComponentType.Button) {
        const label = 'label' in c ? (c.label ?? '') : ''
        over(`${at} button label`, label.length, LIMITS.buttonLabel)
        if (!label && !('emoji' in c && c.emoji)) bad.push(`${at} has a button with neither label nor emoji`)
      } else if (c.type === ComponentType.StringSelect) {
        const n = c.options.length
        if (n < 1 || n > LIMITS.selectOptions) bad.push(`${at} select has ${n} options (1..${LIMITS.selectOptions})`)
        over(`${at} placeholder`, (c.placeholder ?? '').length, LIMITS.placeholder)
        const min = c.min_values ?? 1
        const max = c.max_values ?? 1
        if (min < 0 || max < 1 || min > max || max > n || max > 25)
          bad.push(`${at} select min/max ${min}/${max} with ${n} options`)
        const values = new Set<string>()
        for (const o of c.options) {
          over(`${at} option label`, o.label.length, LIMITS.optionText)
          over(`${at} option value`, o.value.length, LIMITS.optionText)
          if (o.description !== undefined) over(`${at} option description`, o.description.length, LIMITS.optionText)
          if (!o.label || !o.value) bad.push(`${at} has a blank option`)
          if (values.has(o.value)) bad.push(`${at} repeats option value ${o.value}`)
          values.add(o.value)
        }
      }
    }
  })
  return bad
}
