import { runPostgres } from '/work/w19/bench/store-postgres.bench.js'
for (const r of await runPostgres('postgresql://postgres@127.0.0.1:5432/test')) console.log(r.name, r.value.toFixed(3), r.unit)
