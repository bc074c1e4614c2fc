import { describe, expect, it } from 'vitest';
import { describeKernelCost, hostKernelCost, kernelWarning } from './browser/host-kernel-cost';

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

  it("warns that a hypervisor's kernel is in the figures when a first write costs far more than on bare hardware", () => {
    const at = (pageFaultUs: number) => kernelWarning({ syscallUs: 1, syscallSystemShare: 0.3, pageFaultUs });
    expect(at(14.08)).toMatch(/^# this host's kernel: a first write to a page costs 14\.1 µs/);
    expect(at(14.08)).toContain('same kind');
    expect(at(5.1)).not.toBeNull();
    expect(at(1.2)).toBeNull();
    expect(at(4.9)).toBeNull();
  });
});
