import { Writable } from 'node:stream'
import { DiscordAPIError } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { actionForLog, createLogger } from '../../src/lib/log.js'

function capture() {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'))
      done()
    },
  })
  return { lines, log: createLogger('info', sink) }
}

describe('logs never hold a hidden card', () => {
  it('logs a move by its type (and public amount) only', () => {
    expect(actionForLog({ type: 'play', cards: ['KC', '9C'] })).toEqual({ type: 'play' })
    expect(actionForLog({ type: 'bid', suit: 'H' })).toEqual({ type: 'bid' })
    expect(actionForLog({ type: 'draw', cards: ['KD'] })).toEqual({ type: 'draw' })
    expect(actionForLog({ type: 'raise', amount: 8 })).toEqual({ type: 'raise', amount: 8 })
  })

  it('logs a Discord error without the request body it carried (a private hand view)', () => {
    const { lines, log } = capture()
    const body = { files: undefined, json: { embeds: [{ description: 'Your hand: A♠ K♠ 7D TH' }] } }
    const error = new DiscordAPIError(
      { code: 10062, message: 'Unknown interaction' },
      10062,
      404,
      'PATCH',
      'https://x/webhooks/1/t/messages/@original',
      body,
    )
    log.error({ err: error, tableId: 't1' }, 'interaction failed')
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0]!)
    expect(line.err).toMatchObject({
      type: 'DiscordAPIError[10062]',
      message: 'Unknown interaction',
      code: 10062,
      status: 404,
      method: 'PATCH',
    })
    expect(lines[0]).not.toMatch(/A♠|7D|TH|Your hand/)
  })
})
