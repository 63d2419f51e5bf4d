// Benchmark runner: `npm run bench -- store` runs one scenario, no argument runs them all.
// Benchmarks are never part of `npm test`; figures go to bench/results/.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { watchMachine } from './machine-load.js';

export type Figures = Record<string, number | string>;
type Scenario = () => Promise<Figures>;

const scenarios: Record<string, () => Promise<Scenario>> = {
  store: async () => (await import('./store.bench.js')).run,
  commands: async () => (await import('./commands.bench.js')).run,
  read: async () => (await import('./read.bench.js')).run,
};

async function main(): Promise<void> {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = asked.length > 0 ? asked : Object.keys(scenarios);
  const unknown = names.filter((n) => !(n in scenarios));
  if (unknown.length > 0) {
    console.error(`Unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
    process.exit(2);
  }
  const results: Record<string, Figures> = {};
  for (const name of names) {
    console.log(`\n== ${name} ==`);
    const scenario = await scenarios[name]!();
    const machine = await watchMachine();
    try {
      results[name] = { ...(await scenario()), ...(await machine.stop()) };
    } catch (err) {
      // Said before the clean-up: stopping the cluster under the scenario's open connections may
      // end the process with their errors, which would leave this one unsaid.
      console.error(`${name} failed:`, err);
      throw err;
    } finally {
      // A scenario that failed halfway leaves nothing running behind it (bench/support.ts).
      await (await import('./support.js')).stopLeftovers();
    }
    for (const [k, v] of Object.entries(results[name])) console.log(`${k.padEnd(40)} ${v}`);
  }
  const dir = path.join(import.meta.dirname, 'results');
  await fs.mkdir(dir, { recursive: true });
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` };
  const at = new Date().toISOString();
  const file = path.join(dir, `${at.replace(/[:.]/g, '-')}.json`);
  const summary = { at, machine, results };
  await fs.writeFile(file, JSON.stringify(summary, null, 2));
  await fs.writeFile(path.join(dir, 'latest.json'), JSON.stringify(summary, null, 2));
  await fs.writeFile(path.join(dir, 'latest.md'), markdown(summary));
  console.log(`\nwrote ${path.relative(process.cwd(), file)}, latest.json and latest.md`);
}

function markdown(summary: { at: string; machine: Record<string, unknown>; results: Record<string, Figures> }): string {
  const lines = [`# Benchmark results`, '', `${summary.at}, on ${Object.entries(summary.machine).map(([k, v]) => `${k} ${String(v)}`).join(', ')}`, ''];
  for (const [name, figures] of Object.entries(summary.results)) {
    lines.push(`## ${name}`, '', '| figure | value |', '|---|---|');
    for (const [k, v] of Object.entries(figures)) lines.push(`| ${k} | ${v} |`);
    lines.push('');
  }
  return lines.join('\n');
}

await main();
