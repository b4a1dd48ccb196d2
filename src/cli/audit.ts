import 'dotenv/config'
import { openStore } from '../store/index.js'

/**
 * `npm run --silent audit`: proves that wallets + table stacks + pots + tournament prize pools equal every chip ever
 * granted, account by account against the ledger. Prints the report as JSON; exit 1 if off.
 */
const store = await openStore()
try {
  const report = await store.audit()
  process.stdout.write(JSON.stringify(report) + '\n')
  process.exitCode = report.ok ? 0 : 1
} finally {
  await store.close()
}
