import { describe, expect, it } from 'vitest'
import { errorKinds } from '../../bench/load/stats.js'

describe("the load test's member errors by kind", () => {
  it('counts errors that differ only in table, member and card names as one kind, most frequent first', () => {
    const deferred = (table: number, member: string, button: string) =>
      `table in #table-${table}: The bot deferred ${member}'s button "${button}" but did not edit the reply or send a follow-up within 30000 ms.`
    expect(
      errorKinds([
        deferred(2, 'p2a', 'Lead 9♥'),
        deferred(297, 'p297b', 'Next game'),
        deferred(340, 'p340a', 'Lead 10♦'),
        deferred(12, 'p12a', 'Next game'),
        deferred(404, 'p404b', 'Lead K♠'),
      ]),
    ).toEqual({
      'table in #table-N: The bot deferred pN\'s button "Lead card" but did not edit the reply or send a follow-up within 30000 ms.': 3,
      'table in #table-N: The bot deferred pN\'s button "Next game" but did not edit the reply or send a follow-up within 30000 ms.': 2,
    })
  })
})
