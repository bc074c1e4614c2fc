import { describe, expect, it } from 'vitest';
import { describeKernelCost, hostKernelCost } from './browser/host-kernel-cost';

describe("the host's kernel cost probe", () => {
  it('times a system call and a first write to a page by CPU time, and says so', () => {
    const k = hostKernelCost();
    expect(Number.isFinite(k.syscallUs) && k.syscallUs > 0).toBe(true);
    expect(Number.isFinite(k.pageFaultUs) && k.pageFaultUs > 0).toBe(true);
    expect(k.syscallSystemShare).toBeGreaterThanOrEqual(0);
    expect(k.syscallSystemShare).toBeLessThanOrEqual(1);
    expect(describeKernelCost({ syscallUs: 1.234, syscallSystemShare: 0.5, pageFaultUs: 12.5 })).toBe(
      'fstat 1.23 µs (50 % in the kernel), first write to a page 12.50 µs',
    );
  });
});
