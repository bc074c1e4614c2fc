// Seeds: `empty` (nothing but what tokens name) and `demo` (see seed/demo.ts).
import type { SeedOptions, ServiceContext } from './context';
import { seedDemo } from './seed/demo';

export function seedStore(ctx: ServiceContext, options: SeedOptions): void {
  ctx.store.seedName = JSON.stringify(options);
  if (options.name === 'demo') seedDemo(ctx, options.tickets);
}
