import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { readConfig } from '../../src/config.js'

// Docker cannot build on the project's machines: the compose file is checked by parsing it.
interface Service {
  profiles?: string[]
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
}
const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service> }

describe('docker-compose.yml, profile two-hosts', () => {
  it('runs two supervisors whose shard lists are disjoint and cover every shard, on one PostgreSQL and one Redis', () => {
    const bots = Object.entries(compose.services).filter(([, s]) => s.environment?.SHARD_IDS !== undefined)
    expect(bots.map(([name]) => name)).toEqual(['bot-a', 'bot-b'])
    const ids: number[] = []
    for (const [, service] of bots) {
      expect(service.profiles).toEqual(['two-hosts'])
      expect(Object.keys(service.depends_on ?? {})).toEqual(['postgres', 'redis'])
      // The settings each bot gets are valid as the bot reads them.
      const read = readConfig({ DISCORD_TOKEN: 'token', ...service.environment })
      if (!read.ok) throw new Error(read.problems.join('; '))
      expect(read.config.redisUrl).toBe('redis://redis:6379')
      expect(read.config.databaseUrl).toMatch(/^postgresql:\/\/.+@postgres:5432\/cards$/)
      expect(read.config.shards).toBe(2)
      ids.push(...read.config.shardIds!)
    }
    expect(ids.sort()).toEqual([0, 1])
    expect(compose.services.redis!.profiles).toEqual(['two-hosts'])
    // The plain deployment is unchanged: one bot, no profile.
    expect(compose.services.bot!.profiles).toBeUndefined()
  })
})
