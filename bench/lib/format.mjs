// Number formats shared by the progress lines and the RESULTS.md table.

export function fmtCores(n) {
  return Number.isFinite(n) ? n.toFixed(1) : '?';
}

/** Cores in use: the app server, PostgreSQL's backends, this process, everything else. */
export function coresText(cpu) {
  return [cpu.server, cpu.db, cpu.loadGen, cpu.other].map(fmtCores).join(' / ');
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '–';
  return ms < 10 ? ms.toFixed(1) : ms.toFixed(0);
}
