import 'dotenv/config'
import { openStore } from '../store/index.js'
import { replay } from '../store/ratings.js'

/**
 * `npm run --silent ratings -- --rebuild | --check` (docs/ratings.md). Both replay every stored
 * rated result in order from nothing. --check compares the replay with the stored ratings and
 * changes nothing (exit 1 on a difference); --rebuild writes the replay in one transaction
 * (ratings, rank buckets and changes), then brings inactivity up to now. Prints one JSON line.
 */
const mode = process.argv.slice(2).find((a) => a === '--rebuild' || a === '--check')
if (!mode) {
  process.stderr.write('usage: npm run ratings -- --rebuild | --check\n')
  process.exit(2)
}
const store = await openStore()
try {
  const now = store.clock.now()
  if (mode === '--rebuild') {
    const results = await store.transaction((repos) => repos.ratings.rebuild(now))
    process.stdout.write(JSON.stringify({ rebuilt: true, results }) + '\n')
  } else {
    const stored = await store.ratings.all()
    const replayed = replay(await store.ratings.results())
    const key = (r: { guildId: string; game: string; userId: string }) => JSON.stringify([r.guildId, r.game, r.userId])
    const differ = stored.filter((s) => {
      const r = replayed.get(key(s))
      return !r || r.mu !== s.mu || r.sigma !== s.sigma || r.results !== s.results || r.lastAt !== s.lastAt
    })
    const missing = replayed.size - (stored.length - differ.length) - differ.filter((d) => replayed.has(key(d))).length
    const ok = differ.length === 0 && missing === 0
    process.stdout.write(JSON.stringify({ ok, ratings: stored.length, differ: differ.map(key), missing }) + '\n')
    process.exitCode = ok ? 0 : 1
  }
} finally {
  await store.close()
}
