import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A child Node process (same Node as the bench) whose last output lines are kept for failure reports. */
export interface Child {
  process: ChildProcess;
  /** Resolves with the exit code (or signal) when the process has exited. */
  exited: Promise<string>;
  hasExited(): boolean;
  /** The last lines the process wrote to stderr (and stdout, unless it is read by the caller). */
  tail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export function spawnNode(name: string, args: string[], env: NodeJS.ProcessEnv, options: { readStdout?: boolean } = {}): Child {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stderr.on('data', keep);
  if (!options.readStdout) child.stdout.on('data', keep);
  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve(signal ? `signal ${signal}` : `exit code ${code}`);
    });
    child.once('error', (error) => {
      done = true;
      lines.push(`spawn failed: ${error.message}`);
      resolve('spawn failure');
    });
  });
  return {
    process: child,
    exited,
    hasExited: () => done,
    tail: () => (lines.length ? lines.map((line) => `  [${name}] ${line}`).join('\n') : `  [${name}] (no output)`),
    async stop(graceMs = 15_000) {
      if (done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a Node script to its end; returns its stdout, or throws with its stderr. */
export async function runNode(name: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  const child = spawnNode(name, args, env, { readStdout: true });
  child.process.stdin?.end();
  let stdout = '';
  child.process.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs);
  const how = await child.exited;
  clearTimeout(timer);
  if (how !== 'exit code 0') throw new Error(`${name} failed (${how}):\n${child.tail()}`);
  return stdout;
}
