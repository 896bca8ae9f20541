import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The mark every admin chunk carries (the admin's root element id, in admin/main.tsx). */
export const ADMIN_MARK = 'admin-root';

/**
 * The storefront's chunks (from `entry`, following static and lazy imports) that hold admin
 * code: a module under src/admin/, or the admin's mark in the chunk's text. Empty when the
 * two apps are apart, as they must be.
 */
export function storefrontAdminChunks(
  manifest: Record<string, ManifestChunk>,
  dist: string,
  entry: string,
): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return [...seen]
    .filter((key) => {
      const chunk = manifest[key]!;
      if (key.startsWith('src/admin/') || key === 'admin.html') return true;
      if (!chunk.file.endsWith('.js')) return false;
      return readFileSync(path.join(dist, chunk.file), 'utf8').includes(ADMIN_MARK);
    })
    .map((key) => manifest[key]!.file);
}
