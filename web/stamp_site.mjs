// Stamps a built site with its build's version (run by the web build, and
// by tests/e2e/checks/deploy.mjs to make a second build):
//
//   node web/stamp_site.mjs SITE INDEX_TEMPLATE SW_TEMPLATE
//
// The version is a hash of the build's files. It goes into SITE/index.html
// (from INDEX_TEMPLATE), which then loads every other file with ?v=VERSION:
// a cache (the browser's, a proxy's) can never hand a page of one build the
// script or wasm of another, whatever Last-Modified or Cache-Control the
// host sends. SITE/sw.js (from SW_TEMPLATE) gets the version and the
// SHA-256 of each file it precaches, so it stores only this build's files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const [site, indexTemplate, swTemplate] = process.argv.slice(2);
if (!site || !indexTemplate || !swTemplate) {
  console.error('usage: node stamp_site.mjs SITE INDEX_TEMPLATE SW_TEMPLATE');
  process.exit(2);
}

// Loaded with the build's ?v= (index.html adds it; the worker passes it on to its wasm).
const VERSIONED = ['puzzlelab.js', 'puzzlelab.wasm', 'solver_worker.js', 'solver_worker.wasm'];
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

const parts = [...VERSIONED.map((name) => fs.readFileSync(path.join(site, name))),
               fs.readFileSync(path.join(site, 'embed.js')),
               fs.readFileSync(indexTemplate), fs.readFileSync(swTemplate)];
const version = sha256(Buffer.concat(parts.map((p) => Buffer.from(sha256(p))))).slice(0, 16);

// The page's script comments (lines holding only a // comment) are for the
// repository's readers: the first download goes without them (1.4 KB gzip),
// and the service worker too (0.9 KB).
const withoutComments = (text) => text.replace(/^[ \t]*\/\/.*\n/gm, '');
const index = withoutComments(fs.readFileSync(indexTemplate, 'utf8'))
  .replaceAll('@PUZZLELAB_VERSION@', version);
fs.writeFileSync(path.join(site, 'index.html'), index);

// What the service worker precaches: the page and the files it loads, by
// the URL the page asks for, with the hash the bytes must have.
const files = { 'index.html': sha256(index) };
for (const name of VERSIONED) files[`${name}?v=${version}`] = sha256(fs.readFileSync(path.join(site, name)));
const worker = withoutComments(fs.readFileSync(swTemplate, 'utf8'))
  .replaceAll('@PUZZLELAB_VERSION@', version)
  .replace('@PUZZLELAB_FILES@', JSON.stringify(files, null, 2));
fs.writeFileSync(path.join(site, 'sw.js'), worker);
console.log(`stamped ${site} with build ${version}`);
