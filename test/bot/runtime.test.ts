import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

/**
 * The runtime that is declared is the one that runs: package.json's engines, the Docker image, the
 * README and every dependency's own engines agree, and this very test runs on a declared version.
 */
const root = join(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string }
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const range = pkg.engines.node
/** The oldest release of each Node line the project declares. */
const oldest = range.split('||').map((part) => semver.minVersion(part.trim())!.version)

describe('the declared Node.js runtime', () => {
  it('names the lines the project runs on: 20 (these machines) and 22 (the image)', () => {
    expect(oldest.map((v) => semver.major(v))).toEqual([20, 22])
    expect(semver.satisfies(process.version, range), `${process.version} is outside ${range}`).toBe(true)
  })

  it('the Docker image runs a Node line of the range', () => {
    const images = [...readFileSync(join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM node:(\d+)/gm)].map((m) => m[1])
    expect(images.length).toBeGreaterThan(0)
    for (const major of images) expect(oldest.map((v) => String(semver.major(v)))).toContain(major)
  })

  it('the README states the same versions', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme).toContain(`\`${range}\``)
  })

  it("every dependency's own engines allow the oldest release of each declared line", () => {
    const refused: string[] = []
    for (const name of [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]) {
      // Direct dependencies are installed at the top of node_modules (some export no package.json).
      const manifest = join(root, 'node_modules', name, 'package.json')
      const wants = (JSON.parse(readFileSync(manifest, 'utf8')) as { engines?: { node?: string } }).engines?.node
      for (const version of oldest)
        if (wants && !semver.satisfies(version, wants)) refused.push(`${name} wants node ${wants}, not ${version}`)
    }
    expect(refused).toEqual([])
  })
})
