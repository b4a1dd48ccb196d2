import { describe, expect, it } from 'vitest'
import { markdown } from '../../src/sandbox/page/markdown.js'

describe('the sandbox page markdown', () => {
  it('shows a custom emoji by its name, as on buttons, and keeps the bold card beside it', () => {
    expect(markdown('<:card_KD:123> **K♦** and <a:card_X1:9> Joker 1', new Map(), '1')).toBe(
      ':card_KD: <strong>K♦</strong> and :card_X1: Joker 1',
    )
  })
})
