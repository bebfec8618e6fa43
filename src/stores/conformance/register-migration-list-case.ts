import { expect, it } from 'vitest';

/**
 * Registers the case every adapter's migration list must pass: versions 1, 2, 3… in order, each
 * with a description. Call it inside the adapter's own `describe`.
 */
export function registerMigrationListCase(
  migrations: readonly { readonly version: number; readonly description: string }[],
): void {
  it('numbers migrations 1, 2, 3… with a description each', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(
      migrations.map((_, index) => index + 1),
    );
    for (const migration of migrations) expect(migration.description).not.toBe('');
  });
}
