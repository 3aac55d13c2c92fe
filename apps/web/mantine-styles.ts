import type { Plugin } from 'vite';

/**
 * Mantine's stylesheets per component (docs/footprint.md, "Mantine's styles per component").
 *
 * In the build, each Mantine component's class map (`<Name>.module.mjs`, which the component
 * imports) also imports that component's stylesheet, `@mantine/core/styles/<Name>.layer.css`;
 * the date pickers, toasts and search bring their package's. A component's styles thus arrive
 * in the chunk that holds its code, with the page that uses it, instead of all of Mantine's in
 * the entry. The base (`baseline`, `default-css-variables`, `global`) is imported by
 * `app/shell-provider.tsx`.
 *
 * They are the `.layer.css` versions: in the `mantine` cascade layer, which the console's own
 * (unlayered) styles override whatever order the chunks' stylesheets arrive in.
 *
 * The dev server bundles Mantine ahead into one module that this transform never sees, so there
 * `app/shell-provider.tsx` imports all of Mantine's (layered) styles.
 */
export function mantineStyles(): Plugin[] {
  const classMap =
    /[\\/]node_modules[\\/]@mantine[\\/](core|dates|notifications|spotlight)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;
  const whole = (pkg: string) => `@mantine/${pkg}/styles.layer.css`;
  return [
    {
      name: 'fiscus:mantine-styles',
      apply: 'build',
      transform(code, id) {
        const match = classMap.exec(id);
        if (!match) return null;
        const [, pkg, name] = match;
        const sheet = pkg === 'core' ? `@mantine/core/styles/${name}.layer.css` : whole(pkg!);
        return { code: `import ${JSON.stringify(sheet)};\n${code}`, map: null };
      },
    },
    {
      name: 'fiscus:mantine-styles-dev',
      apply: 'serve',
      transform(code, id) {
        if (!/[\\/]src[\\/]app[\\/]shell-provider\.tsx$/.test(id)) return null;
        const sheets = ['core', 'dates', 'notifications', 'spotlight'].map(
          (pkg) => `import ${JSON.stringify(whole(pkg))};`,
        );
        return { code: `${sheets.join('\n')}\n${code}`, map: null };
      },
    },
  ];
}
