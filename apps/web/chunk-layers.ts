import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * The console's layers as chunks (docs/footprint.md, "Chunking decisions"). A layer is the
 * modules its roots import statically, all the way down, less those of the entry and of the
 * layers before it; each layer becomes one chunk. A layer imports only from the entry and the
 * layers before it, so these chunks never import each other in a cycle, and the modules of a
 * screen that one of them holds arrive in one request instead of dozens of small ones.
 *
 * An index that only re-exports (Mantine's, the icons', the contracts', a feature's) would put
 * everything behind it in the first layer that imports it, far more than the bundler keeps for
 * that page; through such an index only the modules of the names imported are followed.
 */
export interface Layer {
  name: string;
  /** Absolute paths of the modules the layer starts from. */
  roots: string[];
  /**
   * The layer's modules that other pages use too go to a chunk of their own (loaded by those
   * pages and this layer's), so those pages do not download what only this layer's page uses:
   * `name`, the chunk's name; `roots`, the modules of those pages (their static imports all the
   * way down are followed, through the indexes by name, like a layer's).
   */
  shared?: { name: string; roots: string[] };
  /**
   * The layer takes only the modules matching it (e.g. the icons of the first screen's lazy
   * parts, which the bundler would split into a file of their own each); the rest of what its
   * roots import is left to the bundler. Such a layer comes last: what it passes over is not
   * taken by a later layer either.
   */
  only?: RegExp;
}

interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    exports: readonly string[];
  } | null;
}

/** `import { a, b as c } from 'x'`, `export { a } from 'x'`, `export * from 'x'`. */
const fromStatement =
  /(import|export)\s*(?:type\s+)?(\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*["']([^"']+)["'];?/g;
const exportList = /export\s*\{[^}]*\};?/g;
const comments = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/** `{ a, b as c, type d }` → [inner, outer] pairs: [a, a], [b, c], [d, d]. */
function pairs(list: string): [string, string][] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [inner, outer] = part.split(/\s+as\s+/);
      return [inner!.trim(), (outer ?? inner)!.trim()];
    });
}

const stripExtension = (file: string) => file.replace(/\.(m?[jt]sx?)$/, '');

const packageSideEffects = new Map<string, { root: string; sideEffects: unknown } | null>();

/** The nearest package.json above `dir`: its folder and its `sideEffects`. */
function packageAt(dir: string): { root: string; sideEffects: unknown } | null {
  if (packageSideEffects.has(dir)) return packageSideEffects.get(dir)!;
  const file = join(dir, 'package.json');
  let found: { root: string; sideEffects: unknown } | null = null;
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      sideEffects?: unknown;
      name?: unknown;
    };
    // Nested package.json files without a name only set the module type of a folder.
    if (json.name !== undefined || json.sideEffects !== undefined) {
      found = { root: dir, sideEffects: json.sideEffects };
    }
  }
  if (!found && dirname(dir) !== dir) found = packageAt(dirname(dir));
  packageSideEffects.set(dir, found);
  return found;
}

/** Whether the module's package declares it free of side effects (`"sideEffects"`). */
function declaredPure(id: string): boolean {
  const pkg = packageAt(dirname(id));
  if (!pkg) return false;
  if (pkg.sideEffects === false) return true;
  if (!Array.isArray(pkg.sideEffects)) return false;
  const path = relative(pkg.root, id).replace(/\\/g, '/');
  return !(pkg.sideEffects as string[]).some((pattern) => {
    const escape = (part: string) =>
      part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    const glob = new RegExp(`^${pattern.replace(/^\.\//, '').split('**').map(escape).join('.*')}$`);
    return glob.test(pattern.includes('/') ? path : basename(path));
  });
}

interface Barrel {
  /** exported name → the module it comes from and its name there */
  names: Map<string, { from: string; name: string }>;
  /** modules re-exported whole (`export * from`) */
  stars: string[];
  /** modules that come with the index whatever is imported from it */
  always: string[];
}

/**
 * `leave`: modules no layer takes nor follows — a library that imports nothing of the console's
 * (so its chunks never import a layer's back) and that a layer's modules need only in part, e.g.
 * the schema library a page that only displays must not download.
 */
export function chunkLayers(
  entry: string,
  aliases: Record<string, string>,
  layers: Layer[],
  leave: RegExp,
  /**
   * The entry's modules of these libraries in one chunk beside it: without it the bundler splits
   * those that later chunks import too into several small chunks, each a request of its own.
   */
  entryLibraries?: { name: string; test: RegExp },
) {
  let layerOf: Map<string, string> | undefined;
  const barrels = new Map<string, Barrel | null>();

  /** The module a specifier in `importer` names, among the modules it imports. */
  function target(importer: string, specifier: string, graph: ModuleGraph): string | undefined {
    const imported = graph.getModuleInfo(importer)?.importedIds ?? [];
    let path: string | undefined;
    if (specifier.startsWith('.')) path = resolve(dirname(importer), specifier);
    for (const [alias, to] of Object.entries(aliases)) {
      if (specifier === alias || specifier.startsWith(`${alias}/`)) {
        path = to + specifier.slice(alias.length);
      }
    }
    if (path) {
      const bare = stripExtension(path);
      return imported.find(
        (id) => stripExtension(id) === bare || stripExtension(id) === `${bare}/index`,
      );
    }
    // A package: its script among the imports (the package's entry; not its stylesheets).
    const pkg = `/node_modules/${specifier}/`;
    return imported.find(
      (id) => id.replace(/\\/g, '/').includes(pkg) && /\.(m?js|cjs|tsx?)$/.test(id),
    );
  }

  /** The re-exports of a module made of nothing else; null for any other module. */
  function barrel(id: string, graph: ModuleGraph): Barrel | null {
    if (barrels.has(id)) return barrels.get(id)!;
    barrels.set(id, null);
    const code = graph.getModuleInfo(id)?.code;
    if (!code) return null;
    const rest = code
      .replace(comments, '')
      .replace(fromStatement, '')
      .replace(exportList, '')
      .replace(/["']use client["'];?/g, '')
      .trim();
    if (rest !== '') return null;
    const result: Barrel = { names: new Map(), stars: [], always: [] };
    const local = new Map<string, { from: string; name: string }>();
    for (const [, kind, what, specifier] of code.matchAll(fromStatement)) {
      const from = target(id, specifier!, graph);
      if (!from) return null;
      if (what!.startsWith('*')) {
        // `export * from`: every name of the module; `import * as ns` / `export * as ns`: the
        // module as one name.
        const as = /\bas\s+([\w$]+)/.exec(what!)?.[1];
        if (!as) result.stars.push(from);
        else (kind === 'export' ? result.names : local).set(as, { from, name: '*' });
        continue;
      }
      for (const [inner, outer] of pairs(what!)) {
        if (kind === 'export') result.names.set(outer, { from, name: inner });
        else local.set(outer, { from, name: inner });
      }
    }
    // Only a module its package declares free of side effects (`"sideEffects"` in its
    // package.json) is left out by the bundler when nobody uses what the index re-exports from
    // it; any other comes wherever the index does.
    const sources = [...local.values(), ...result.names.values()].map((n) => n.from);
    result.always = [...new Set([...sources, ...result.stars])].filter(
      (from) => !declaredPure(from),
    );
    for (const [, list] of code.replace(fromStatement, '').matchAll(/export\s*(\{[^}]*\})/g)) {
      for (const [inner, outer] of pairs(list!)) {
        const source = local.get(inner);
        if (source) result.names.set(outer, source);
      }
    }
    barrels.set(id, result);
    return result;
  }

  /**
   * The modules that define `name` exported by `id`, through any re-exporting index (the indexes
   * passed through and what they always bring go to `via`); undefined when `id` does not export
   * it.
   */
  function definition(
    id: string,
    name: string,
    graph: ModuleGraph,
    via: Set<string>,
    depth = 0,
    /** `id` is named as the module that exports `name` (not one of several `export *`) */
    named = true,
  ): string | undefined {
    const index = depth < 20 && name !== '*' ? barrel(id, graph) : null;
    if (!index) {
      const info = graph.getModuleInfo(id);
      if (name === '*' || !info) return id;
      // A module with code of its own may still pass a name on from an `export * from`.
      const declared = new RegExp(
        `\\b(?:function\\*?|class|const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\b|export\\s*\\{[^}]*\\b${name.replace(/\$/g, '\\$')}\\b`,
      );
      if (depth < 20 && info.code && !declared.test(info.code)) {
        for (const [, kind, what, specifier] of info.code.matchAll(fromStatement)) {
          if (kind !== 'export' || what !== '*') continue;
          const star = target(id, specifier!, graph);
          const found = star && definition(star, name, graph, via, depth + 1, false);
          if (found) {
            if (!declaredPure(id)) via.add(id);
            return found;
          }
        }
      }
      return named || info.exports.includes(name) ? id : undefined;
    }
    const source = index.names.get(name);
    const found = source
      ? definition(source.from, source.name, graph, via, depth + 1)
      : index.stars
          .map((star) => definition(star, name, graph, via, depth + 1, false))
          .find((module) => module !== undefined);
    if (found) {
      via.add(id);
      for (const module of index.always) via.add(module);
    }
    return found;
  }

  /** Everything an index re-exports, when a name cannot be traced through it. */
  function whole(id: string, graph: ModuleGraph): string[] {
    const index = barrel(id, graph);
    if (!index) return [id];
    return [id, ...index.always, ...index.stars, ...[...index.names.values()].map((n) => n.from)];
  }

  /** The modules `id` imports statically; through a re-exporting index, only the names used. */
  function importsOf(id: string, graph: ModuleGraph): string[] {
    const info = graph.getModuleInfo(id);
    if (!info) return [];
    // A re-exporting index is in the layer itself; its names are followed where imported.
    if (barrel(id, graph)) return [];
    const out = new Set<string>();
    const named = new Set<string>();
    for (const [, , what, specifier] of (info.code ?? '').matchAll(fromStatement)) {
      const from = target(id, specifier!, graph);
      if (!from || what!.startsWith('*') || !barrel(from, graph)) continue;
      named.add(from);
      for (const [inner] of pairs(what!)) {
        const module = definition(from, inner, graph, out);
        if (module) out.add(module);
        else for (const any of whole(from, graph)) out.add(any);
      }
    }
    for (const dep of info.importedIds) if (!named.has(dep)) out.add(dep);
    return [...out];
  }

  /** The modules of `layer` that `roots` reach, importing statically all the way down. */
  function reached(layer: Set<string>, roots: string[], graph: ModuleGraph): Set<string> {
    const seen = new Set<string>();
    const found = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id) || leave.test(id)) continue;
      seen.add(id);
      if (layer.has(id)) found.add(id);
      stack.push(...importsOf(id, graph));
    }
    return found;
  }

  return function layerName(id: string, graph: ModuleGraph): string | null {
    if (!layerOf) {
      const taken = new Set<string>();
      const closure = (roots: string[]) => {
        const found: string[] = [];
        const stack = [...roots];
        while (stack.length > 0) {
          const next = stack.pop()!;
          if (taken.has(next) || leave.test(next)) continue;
          taken.add(next);
          found.push(next);
          stack.push(...importsOf(next, graph));
        }
        return found;
      };
      layerOf = new Map();
      for (const module of closure([entry])) {
        if (entryLibraries?.test.test(module)) layerOf.set(module, entryLibraries.name);
      }
      for (const layer of layers) {
        const found = closure(layer.roots);
        const shared = layer.shared
          ? reached(new Set(found), layer.shared.roots, graph)
          : new Set<string>();
        for (const module of found) {
          if (layer.only && !layer.only.test(module)) continue;
          layerOf.set(module, shared.has(module) ? layer.shared!.name : layer.name);
        }
      }
    }
    return layerOf.get(id) ?? null;
  };
}
