// Command-line options of api.mjs.

export const USAGE = `Usage: node api.mjs [options]
  --duration N     seconds per measurement (default 10)
  --rate N         fixed offered load for the latency measurements, requests/s (default 500)
  --connections N  concurrent connections of the max-load runs (default 20)
  --retries N      measure a run again when other work disturbed it, up to N times (default 2)
  --no-postgres    skip PostgreSQL (PGlite only)
  --no-record      print the table but do not add it to RESULTS.md
  --help           this text
Environment: BENCH_DATABASE_URL, an admin URL of the PostgreSQL server
  (default postgres://postgres@127.0.0.1:5432/postgres); the bench creates and drops its own
  database there.`;

export class UsageError extends Error {}

export function parseArgs(argv) {
  const opts = {
    duration: 10,
    rate: 500,
    connections: 20,
    retries: 2,
    postgres: true,
    record: true,
  };
  const numeric = {
    '--duration': 'duration',
    '--rate': 'rate',
    '--connections': 'connections',
    '--retries': 'retries',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (flag === '--no-postgres') opts.postgres = false;
    else if (flag === '--no-record') opts.record = false;
    else if (flag in numeric) {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      const min = flag === '--retries' ? 0 : Number.MIN_VALUE;
      if (raw === undefined || raw === '' || !Number.isFinite(value) || value < min) {
        throw new UsageError(`${flag} needs a positive number, got ${raw ?? 'nothing'}`);
      }
      opts[numeric[flag]] = value;
    } else throw new UsageError(`unknown option ${argv[i]}`);
  }
  opts.connections = Math.round(opts.connections);
  opts.retries = Math.round(opts.retries);
  return opts;
}
