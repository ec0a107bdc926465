// Builds dicelab's Voilà front end (make frontend) into dicelab's Voilà template, where the
// built files are committed: a machine that serves the apps needs only Python, never Node.js.
// esbuild's output depends only on its inputs, so tests/test_frontend.py rebuilds it into a
// temporary folder (`node build.mjs FOLDER`) and compares.
//
// It writes, under the template (share/jupyter/voila/templates/dicelab/):
//   static/frontend/dicelab.js, its chunks and dicelab.css    the front end (src/index.js)
//   static/frontend/THIRD-PARTY-LICENSES.txt                   the licence of every bundled package
//   frontend.html.j2   the head's links: the stylesheet, and the scripts to fetch at once
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const template = process.argv[2] ?? join(here, '../share/jupyter/voila/templates/dicelab');
const outdir = join(template, 'static', 'frontend');
const STATIC_URL = 'static/frontend';

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
/**
 * Font Awesome's stylesheet names each font in five formats (eot, woff2, woff, ttf, svg), and
 * esbuild would copy all fifteen files. Every browser that runs this front end (ES modules)
 * reads woff2, so each `src` keeps only its woff2 file.
 */
const fontAwesomeWoff2 = {
  name: 'font-awesome-woff2',
  setup(builder) {
    builder.onLoad({ filter: /fontawesome-free[\\/]css[\\/][^\\/]+\.css$/ }, (args) => {
      const css = readFileSync(args.path, 'utf8').replace(/src:([^;}]*)/g, (_, list) => {
        const woff2 = list.split(',').find((source) => source.includes('.woff2'));
        return woff2 ? `src: ${woff2.trim()}` : '';
      });
      return { contents: css, loader: 'css', resolveDir: dirname(args.path) };
    });
  },
};

const result = await build({
  absWorkingDir: here,
  entryPoints: { dicelab: 'src/index.js' },
  outdir,
  bundle: true,
  // ES modules in chunks: the entry and the chunk it shares are fetched from the head at once;
  // the controls' classes come as a chunk of their own once the kernel is connected.
  format: 'esm',
  splitting: true,
  minify: true,
  target: 'es2020',
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
  // JupyterLab's icon modules import SVG files; none is used, and tree shaking drops them.
  // Font Awesome's fonts are copied beside the stylesheet (woff2 only: fontAwesomeWoff2).
  loader: { '.svg': 'text', '.woff2': 'file' },
  assetNames: '[name]-[hash]',
  plugins: [fontAwesomeWoff2],
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

const outputs = Object.keys(result.metafile.outputs).map((path) => relative(outdir, join(here, path)));
writeFileSync(join(outdir, 'THIRD-PARTY-LICENSES.txt'), licences(result.metafile));
writeFileSync(join(template, 'frontend.html.j2'), headLinks(result.metafile, outputs));

/**
 * The head's links: the stylesheet; the entry (versioned URL), the chunks it imports, and the
 * controls' chunk it imports later (fetched and compiled at once, run only when imported).
 */
function headLinks(metafile, names) {
  const entry = Object.values(metafile.outputs).find((output) => output.entryPoint);
  const kinds = ['import-statement', 'dynamic-import'];
  const imported = entry.imports.filter((item) => kinds.includes(item.kind));
  const chunks = imported.map((item) => relative(outdir, join(here, item.path)));
  const url = (name) => `{{ resources.include_url("${STATIC_URL}/${name}") }}`;
  // A chunk's name carries its content's hash, and the entry imports it by its plain URL.
  const plain = (name) => `{{ resources.base_url }}voila/templates/dicelab/${STATIC_URL}/${name}`;
  return [
    '{#- Written by frontend/build.mjs (make frontend): do not edit. -#}',
    `<link rel="stylesheet" href="${url(names.find((name) => name.endsWith('.css')))}">`,
    `<link rel="modulepreload" href="${url('dicelab.js')}">`,
    ...chunks.map((name) => `<link rel="modulepreload" href="${plain(name)}">`),
    '',
  ].join('\n');
}

/** The name, version and licence of every package with code in the bundle, by name. */
function licences(metafile) {
  const packages = new Map();
  const bundled = Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, used]) => used.bytesInOutput > 0)
      .map(([input]) => input)
  );
  for (const input of bundled) {
    const folder = packageFolder(join(here, input));
    if (folder && !packages.has(folder)) {
      packages.set(folder, JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')));
    }
  }
  const entries = [...packages.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name));
  const parts = entries.map(([folder, info]) => {
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE'].find((name) =>
      existsSync(join(folder, name))
    );
    const text = file ? readFileSync(join(folder, file), 'utf8').trim() : `License: ${info.license}`;
    return `${info.name} ${info.version}\n${'-'.repeat(72)}\n${text}\n`;
  });
  return `The packages bundled in dicelab's Voilà front end, and their licences.\n\n${parts.join('\n')}`;
}

/** The folder of the npm package a file belongs to (one with a name in its package.json). */
function packageFolder(file) {
  for (let folder = dirname(file); folder.includes('node_modules'); folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name) {
      return folder;
    }
  }
  return null;
}
