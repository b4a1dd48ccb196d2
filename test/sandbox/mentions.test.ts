import { describe, expect, it } from 'vitest'
import { pingsOf } from '../../src/sandbox/discord/mentions.js'

describe("the fake Discord's pings", () => {
  it('notifies what the content mentions, as allowed_mentions allows', () => {
    expect(pingsOf('<@1> and <@!2> @everyone', undefined)).toEqual({ everyone: true, users: ['1', '2'] })
    expect(pingsOf('<@1> @everyone', { parse: [] })).toEqual({ everyone: false, users: [] })
    expect(pingsOf('<@1> <@2> @here', { users: ['2'] })).toEqual({ everyone: false, users: ['2'] })
    expect(pingsOf('<@1> @everyone', { parse: ['users', 'everyone'] })).toEqual({ everyone: true, users: ['1'] })
  })

  it('never for an escaped mention or one in code', () => {
    expect(pingsOf('\\@everyone \\<@1> `@here` ```<@2>```', undefined)).toEqual({ everyone: false, users: [] })
  })
})
