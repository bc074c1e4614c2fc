import { readFileSync, readdirSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const [profFile, dir, ...names] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(profFile, 'utf8'));
const files = readdirSync(dir);
// self time per node
const self = new Map();
const deltas = prof.timeDeltas;
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000));
const agg = new Map();
for (const n of prof.nodes) {
  const cf = n.callFrame;
  const base = cf.url.split('/').pop();
  if (!base) continue;
  const stem = base.replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
  const f = files.find((x) => x.startsWith(stem + '-') && x.endsWith('.js'));
  if (!f) continue;
  const key = `${f}:${cf.lineNumber}:${cf.columnNumber}:${cf.functionName}`;
  agg.set(key, (agg.get(key) ?? 0) + (self.get(n.id) ?? 0));
}
const maps = new Map();
const top = [...agg].sort((a, b) => b[1] - a[1]).slice(0, Number(names[0] ?? 25));
for (const [key, ms] of top) {
  const [f, line, col, fn] = key.split(':');
  if (!maps.has(f)) maps.set(f, new SourceMapConsumer(JSON.parse(readFileSync(`${dir}/${f}.map`, 'utf8'))));
  const pos = maps.get(f).originalPositionFor({ line: Number(line) + 1, column: Number(col) });
  console.log(ms.toFixed(0).padStart(7), fn || '(anon)', `${(pos.source ?? '?').replace(/.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '')}:${pos.line}`, pos.name ?? '');
}
