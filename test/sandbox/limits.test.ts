import { describe, expect, it } from 'vitest'
import { MessageFlags } from 'discord-api-types/v10'
import { HttpError } from '../../src/sandbox/discord/errors.js'
import { checkMessageBody, type MessageBody } from '../../src/sandbox/discord/limits.js'

/** The error tree Discord would answer, or null when the body is within the limits. */
function refusal(body: MessageBody, flags = 0): unknown {
  try {
    checkMessageBody(body, flags)
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(400)
    expect((error as HttpError).body).toMatchObject({ code: 50035, message: 'Invalid Form Body' })
    return (error as HttpError).body.errors
  }
}

const button = (id: string, label = id) => ({ type: 2, style: 1, custom_id: id, label })
const row = (...components: object[]) => ({ type: 1, components })
const select = (id: string, n: number) => ({
  type: 3,
  custom_id: id,
  options: Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: `o${i}` })),
})

describe('message limits', () => {
  it('accepts the largest legal classic layout', () => {
    const rows = [0, 1, 2, 3].map((r) => row(...[0, 1, 2, 3, 4].map((b) => button(`${r}-${b}`))))
    expect(refusal({ content: 'x'.repeat(2000), components: [...rows, row(select('s', 25))] })).toBeNull()
  })

  it('refuses a select sharing its row, two selects, and duplicate custom ids', () => {
    expect(refusal({ components: [row(select('s', 2), button('b'))] })).toHaveProperty(
      'components.0.components._errors.0.code',
      'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
    )
    expect(refusal({ components: [row(select('s', 2), select('t', 2))] })).toHaveProperty(
      'components.0.components._errors',
    )
    expect(refusal({ components: [row(button('same')), row(button('same'))] })).toHaveProperty(
      'components.1.components.0.custom_id._errors.0.code',
      'COMPONENT_CUSTOM_ID_DUPLICATED',
    )
  })

  it('refuses duplicate option values and max_values above the options offered', () => {
    const menu = { ...select('s', 2), max_values: 3 }
    expect(refusal({ components: [row(menu)] })).toHaveProperty('components.0.components.0.max_values._errors')
    const twins = {
      type: 3,
      custom_id: 's',
      options: [
        { label: 'a', value: 'v' },
        { label: 'b', value: 'v' },
      ],
    }
    expect(refusal({ components: [row(twins)] })).toHaveProperty('components.0.components.0.options._errors')
  })

  it('refuses non-row top-level components without the Components V2 flag', () => {
    expect(refusal({ components: [{ type: 10, content: 'text' }] })).toHaveProperty('components.0._errors')
  })

  it('counts nested Components V2 components, accessories included, up to 40', () => {
    const section = (i: number) => ({
      type: 9,
      components: [{ type: 10, content: `s${i}` }],
      accessory: button(`a${i}`),
    })
    // Each section is 3 components; a container of 13 sections is 40 in all.
    const container = (n: number) => ({ type: 17, components: Array.from({ length: n }, (_, i) => section(i)) })
    expect(refusal({ components: [container(13)] }, MessageFlags.IsComponentsV2)).toBeNull()
    expect(refusal({ components: [container(14)] }, MessageFlags.IsComponentsV2)).toHaveProperty('components._errors')
    expect(refusal({ content: 'no', components: [container(1)] }, MessageFlags.IsComponentsV2)).toHaveProperty(
      'content._errors',
    )
    const wide = { type: 17, components: [row(...[0, 1, 2, 3, 4, 5].map((b) => button(`w${b}`)))] }
    expect(refusal({ components: [wide] }, MessageFlags.IsComponentsV2)).toHaveProperty(
      'components.0.components.0.components._errors',
    )
  })

  it('checks embed fields and the 6000-character total', () => {
    expect(
      refusal({ embeds: [{ fields: Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: 'v' })) }] }),
    ).toHaveProperty('embeds.0.fields._errors')
    expect(refusal({ embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] })).toHaveProperty(
      'embeds.0.fields.0.value._errors',
    )
    expect(refusal({ embeds: [{ fields: [{ name: '', value: 'v' }] }] })).toHaveProperty(
      'embeds.0.fields.0.name._errors',
    )
    expect(
      refusal({
        embeds: [{ title: 't'.repeat(256), description: 'd'.repeat(4096), footer: { text: 'f'.repeat(1648) } }],
      }),
    ).toBeNull()
    expect(
      refusal({
        embeds: [{ title: 't'.repeat(256), description: 'd'.repeat(4096), footer: { text: 'f'.repeat(1649) } }],
      }),
    ).toHaveProperty('embeds._errors.0.code', 'MAX_EMBED_SIZE_EXCEEDED')
  })
})
