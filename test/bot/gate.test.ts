import { describe, expect, it } from 'vitest'
import { Gate } from '../../src/lib/gate.js'

describe('Gate', () => {
  it('runs at most its size at once, and the waiting in arrival order', async () => {
    const gate = new Gate(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const release: (() => void)[] = []
    const jobs = [0, 1, 2, 3].map((n) =>
      gate.run(async () => {
        started.push(n)
        most = Math.max(most, ++running)
        await new Promise<void>((resolve) => release.push(resolve))
        running--
        return n
      }),
    )
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([0, 1])
    while (release.length) {
      release.shift()!()
      await new Promise((r) => setImmediate(r))
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3])
    expect(started).toEqual([0, 1, 2, 3])
    expect(most).toBe(2)
  })

  it('a job that throws frees its place', async () => {
    const gate = new Gate(1)
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    await expect(gate.run(async () => 'next')).resolves.toBe('next')
  })
})
