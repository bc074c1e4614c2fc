// `npm run bench`: runs every `*.bench.ts` in this folder, one after another, then prints the
// targets' figures beside their targets (targets.ts). Exits non-zero when a bench failed or a
// target's figure was not printed at all.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { figuresOf, summarise } from './targets';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

/** Runs one bench, its output shown as it comes and kept for the summary. */
function run(file: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, file)], {
      stdio: ['inherit', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (status) => resolve({ status, output }));
  });
}

let failed = 0;
const outputs: { bench: string; output: string }[] = [];
for (const file of files) {
  console.log(`\n# ${file}`);
  const result = await run(file);
  if (result.status !== 0) failed += 1;
  outputs.push({ bench: file, output: result.output });
}
const { lines, missing } = summarise(figuresOf(outputs));
console.log(`\n${lines.join('\n')}`);
process.exit(failed > 0 || missing.length > 0 ? 1 : 0);
