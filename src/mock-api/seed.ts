// Seeds (filled in below the framework): `empty` and `demo`.
import type { SeedOptions, ServiceContext } from './context';

export function seedStore(ctx: ServiceContext, options: SeedOptions): void {
  ctx.store.seedName = JSON.stringify(options);
  if (options.name === 'empty') return;
}
