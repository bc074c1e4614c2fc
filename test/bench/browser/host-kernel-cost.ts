// What this host's kernel charges a thread, by CPU time: a system call and a first touch of a
// fresh page. Thread CPU time (what the phone's simulation scales) counts the kernel's work
// for the thread too; on a host whose every system call and page fault goes through a
// hypervisor (a paravirtualised VM), that work is many times a phone's, and the door's
// IPC- and memory-heavy stretches (the first download, a cold start) grow with it while a
// loop in JavaScript does not (docs/benchmarks.md, the fourteenth sitting). Printed with every
// phone run, so two hosts' figures can be told apart by it.
import { closeSync, fstatSync, openSync } from 'node:fs';
import { median } from './phone-calibration';

export interface KernelCost {
  /** CPU µs of one `fstat` (user and system), and the system's share of it. */
  syscallUs: number;
  syscallSystemShare: number;
  /** CPU µs a 4 KiB page costs on its first write (a fresh anonymous mapping, filled once). */
  pageFaultUs: number;
}

export function hostKernelCost(): KernelCost {
  const fd = openSync('/proc/self/stat', 'r');
  try {
    for (let i = 0; i < 2000; i++) fstatSync(fd); // warm-up
    const calls = 50_000;
    const a = process.cpuUsage();
    for (let i = 0; i < calls; i++) fstatSync(fd);
    const b = process.cpuUsage();
    const total = b.user - a.user + (b.system - a.system);
    // 128 MiB in fresh pages: allocUnsafeSlow maps memory not yet touched; fill writes each page.
    const bytes = 128 * 1024 * 1024;
    const c = process.cpuUsage();
    Buffer.allocUnsafeSlow(bytes).fill(1);
    const d = process.cpuUsage();
    return {
      syscallUs: total / calls,
      syscallSystemShare: (b.system - a.system) / total,
      pageFaultUs: (d.user - c.user + (d.system - c.system)) / (bytes / 4096),
    };
  } finally {
    closeSync(fd);
  }
}

/** The median of `probes` probes, field by field (one probe moves with what else the host does). */
export function medianKernelCost(probes = 3): KernelCost {
  const all = Array.from({ length: probes }, hostKernelCost);
  const mid = (field: keyof KernelCost) => median(all.map((k) => k[field]));
  return {
    syscallUs: mid('syscallUs'),
    syscallSystemShare: mid('syscallSystemShare'),
    pageFaultUs: mid('pageFaultUs'),
  };
}

export const describeKernelCost = (k: KernelCost) =>
  `fstat ${k.syscallUs.toFixed(2)} µs (${(k.syscallSystemShare * 100).toFixed(0)} % in the kernel), first write to a page ${k.pageFaultUs.toFixed(2)} µs`;

/**
 * A first write to a fresh page costs about 1 µs on a bare x86 desktop and 12-17 µs on the
 * paravirtualised guests this project's benches run on. Past this, a thread's CPU time holds a
 * hypervisor's kernel, which a phone's does not.
 */
const HYPERVISOR_PAGE_FAULT_US = 5;

/**
 * A warning line when the kernel's costs are a hypervisor's, else null: one tree's low-tier cold
 * start came out 2.5 times as long on such a host as on an earlier machine, mostly the kernel's
 * share (docs/benchmarks.md, "The same app on two machines"), so such figures compare only with
 * runs on a host of the same kind.
 */
export function kernelWarning(k: KernelCost): string | null {
  if (k.pageFaultUs < HYPERVISOR_PAGE_FAULT_US) return null;
  return (
    `# this host's kernel: a first write to a page costs ${k.pageFaultUs.toFixed(1)} µs (about 1 µs on a bare x86 desktop): ` +
    "the phone figures carry a hypervisor's kernel time in each thread's CPU time; compare them only with runs on a host of the same kind, " +
    "and read the lines with each thread's kernel time left out as the nearer bound"
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(describeKernelCost(medianKernelCost()));
