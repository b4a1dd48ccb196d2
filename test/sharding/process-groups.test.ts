import { describe, expect, it } from 'vitest'
import { autoShardsPerProcess, processGroups, waves } from '../../src/sharding/manager.js'
import { ALL_SHARDS_READY, firstShard, isAllShardsReady } from '../../src/sharding/shard-of.js'

describe("the supervisor's processes", () => {
  it('deals the host’s shards to processes, SHARDS_PER_PROCESS consecutive ones each', () => {
    expect(processGroups([0, 1, 2, 3], 1)).toEqual([[0], [1], [2], [3]])
    expect(processGroups([0, 1, 2, 3], 2)).toEqual([
      [0, 1],
      [2, 3],
    ])
    expect(processGroups([3, 0, 2, 1], 4)).toEqual([[0, 1, 2, 3]])
    // The last process holds what is left; more per process than shards is one process.
    expect(processGroups([4, 5, 6, 7, 8], 2)).toEqual([[4, 5], [6, 7], [8]])
    expect(processGroups([2, 3], 8)).toEqual([[2, 3]])
  })

  it('SHARDS_PER_PROCESS=auto: a process for every two cores, the shards shared out among them', () => {
    expect(autoShardsPerProcess(4, 2)).toBe(4)
    expect(autoShardsPerProcess(4, 1)).toBe(4)
    expect(autoShardsPerProcess(4, 4)).toBe(2)
    expect(autoShardsPerProcess(5, 4)).toBe(3)
    expect(autoShardsPerProcess(2, 16)).toBe(1)
    expect(autoShardsPerProcess(16, 16)).toBe(2)
  })

  it('starts single-shard processes in waves of max_concurrency, one shard of each rate-limit key', () => {
    expect(waves([0, 1, 2, 3], 1)).toEqual([[0], [1], [2], [3]])
    expect(waves([0, 1, 2, 3, 4], 2)).toEqual([[0, 1], [2, 3], [4]])
  })

  it("reads a shard process's first shard from discord.js's SHARDS, a number or a JSON list", () => {
    expect(firstShard('3')).toBe(3)
    expect(firstShard('[2,3]')).toBe(2)
    expect(firstShard(undefined)).toBe(0)
    for (const bad of ['', 'x', '[]', '[-1]', '1.5', '{"a":1}']) expect(firstShard(bad)).toBe(0)
  })

  it('knows the message a process sends once all its shards are ready, and nothing else', () => {
    expect(isAllShardsReady(ALL_SHARDS_READY)).toBe(true)
    expect(isAllShardsReady(JSON.parse(JSON.stringify(ALL_SHARDS_READY)))).toBe(true)
    for (const other of [{ _ready: true }, null, 'allShardsReady', { allShardsReady: 'yes' }])
      expect(isAllShardsReady(other)).toBe(false)
  })
})
