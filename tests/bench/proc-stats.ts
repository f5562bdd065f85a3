/**
 * Linux /proc readings of the benches: a process's children (cluster workers) and the CPU time a process has used.
 * Figures read this way hold when other work shares the machine, unlike req/s (docs/testing.md).
 */
import { readFileSync } from 'node:fs';

/** The direct children of `pid` ([] when the kernel keeps no children list or the process is gone). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time in ms (user + system) `pid` has used, undefined when it is not a process of this machine (gone, or a
 * remote server's). Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name), in clock ticks (100 a second).
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU time in ms of a process and its descendants (a cluster primary and its workers). */
export function treeCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const own = processCpuMs(pid);
  return own === undefined ? undefined : own + childPids(pid).reduce((sum, child) => sum + (treeCpuMs(child) ?? 0), 0);
}
