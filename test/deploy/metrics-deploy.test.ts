import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { BotMetrics } from '../../src/metrics/metrics.js'

/**
 * Docker cannot run here, so the compose profile `metrics`, Prometheus's scrape configuration and
 * the Grafana dashboard are checked by reading them: each file parses, each mount names a file of
 * the repository, Prometheus scrapes the port compose gives the bot, and every query of the
 * dashboard names series the bot serves.
 */
const ROOT = resolve(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

interface ComposeService {
  image?: string
  profiles?: string[]
  environment?: Record<string, string>
  volumes?: string[]
  depends_on?: string[] | Record<string, unknown>
}

const compose = parse(read('docker-compose.yml')) as {
  services: Record<string, ComposeService>
  volumes: Record<string, unknown>
}

/** The series names a bot's registry serves (a histogram as its _bucket, _sum and _count). */
async function servedNames(): Promise<Set<string>> {
  const metrics = new BotMetrics()
  const names = new Set<string>()
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    names.add(m.name)
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s)
  }
  metrics.registry.clear()
  return names
}

describe('the metrics deployment (compose profile, Prometheus, Grafana)', () => {
  it('compose starts Prometheus and Grafana only with --profile metrics, their files mounted from deploy/', () => {
    const { prometheus, grafana, bot } = compose.services
    expect(prometheus?.profiles).toEqual(['metrics'])
    expect(grafana?.profiles).toEqual(['metrics'])
    // The bot and the database run without the profile.
    expect(bot?.profiles).toBeUndefined()
    expect(compose.services.postgres?.profiles).toBeUndefined()
    for (const service of [prometheus!, grafana!]) {
      expect(service.image).toMatch(/^[\w./-]+:[\w.-]+$/)
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':')
        if (source!.startsWith('./')) expect(existsSync(join(ROOT, source!)), source).toBe(true)
        else expect(compose.volumes, source).toHaveProperty(source!)
      }
    }
    expect(prometheus!.volumes).toContain('./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro')
    expect(grafana!.volumes).toContain('./deploy/grafana/provisioning:/etc/grafana/provisioning:ro')
    expect(grafana!.volumes).toContain('./deploy/grafana/dashboards:/var/lib/grafana/dashboards:ro')
    // The bot listens where Prometheus can reach it in the compose network.
    expect(bot?.environment?.METRICS_HOST).toBe('0.0.0.0')
  })

  it("Prometheus scrapes the bot's /metrics on the port compose gives it", () => {
    const config = parse(read('deploy/prometheus.yml')) as {
      scrape_configs: { job_name: string; metrics_path?: string; static_configs: { targets: string[] }[] }[]
    }
    const port = /\$\{METRICS_PORT:-(\d+)\}/.exec(compose.services.bot!.environment!.METRICS_PORT!)?.[1]
    expect(port).toBeDefined()
    const job = config.scrape_configs.find((j) => j.job_name === 'card-table-bot')!
    expect(job.metrics_path ?? '/metrics').toBe('/metrics')
    expect(job.static_configs.flatMap((s) => s.targets)).toContain(`bot:${port}`)
  })

  it('Grafana gets the Prometheus data source and the dashboard, whose every query names series the bot serves', async () => {
    const sources = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; type: string; url: string }[]
    }
    const source = sources.datasources.find((d) => d.type === 'prometheus')!
    expect(source.url).toBe('http://prometheus:9090')
    const providers = parse(read('deploy/grafana/provisioning/dashboards/card-table-bot.yml')) as {
      providers: { type: string; options: { path: string } }[]
    }
    expect(providers.providers[0]!.options.path).toBe('/var/lib/grafana/dashboards')

    const dashboard = JSON.parse(read('deploy/grafana/dashboards/card-table-bot.json')) as {
      uid: string
      panels: { id: number; title: string; datasource: { uid: string }; targets: { expr: string }[] }[]
      templating: { list: { name: string }[] }
    }
    expect(dashboard.uid).toBe('card-table-bot')
    expect(dashboard.templating.list.map((v) => v.name)).toContain('shard')
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length)
    const served = await servedNames()
    const queried = new Set<string>()
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe(source.uid)
      expect(panel.targets.length, panel.title).toBeGreaterThan(0)
      for (const { expr } of panel.targets) {
        // Series names: words before a `{` selector. Every one filters by the shard variable.
        const names = [...expr.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((m) => m[1]!)
        expect(names.length, expr).toBeGreaterThan(0)
        for (const name of names) {
          expect(served, `${panel.title}: ${name}`).toContain(name)
          queried.add(name.replace(/_(bucket|sum|count)$/, ''))
        }
        expect(expr, panel.title).toContain('shard=~"$shard"')
      }
    }
    // Every series of the bot's own is on the dashboard.
    for (const name of served)
      if (name.startsWith('bot_') && !/_(bucket|sum|count)$/.test(name)) expect(queried).toContain(name)
  })
})
