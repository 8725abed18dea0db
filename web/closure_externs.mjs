// Writes the Closure Compiler externs for the JavaScript the app's own C++
// carries (EM_JS and EM_ASM in the given sources) and any script given
// whole (a --pre-js): every property name those bits use. Closure renames
// properties it does not know (web/CMakeLists.txt links with --closure 1),
// and these names are shared with what Closure never sees: index.html
// (window.Module.puzzleLabWake, puzzleLabSolverLoaded), the tests and
// embed.js reading window.puzzleLab, the JSON the app publishes, the DOM.
// Kept as they are, they cost the page a few hundred bytes.
//
//   node web/closure_externs.mjs OUT.js SOURCE...
import fs from 'node:fs';
import path from 'node:path';

// The JavaScript inside a C++ source: each EM_JS(...) up to the "});" that
// ends it at a line's start, each EM_ASM(...) up to its first "});".
function embeddedScripts(text) {
  const scripts = [];
  for (const [pattern, end] of [[/EM_JS\(/g, /^\}\);/m], [/EM_ASM\w*\(/g, /\}\);/]]) {
    for (const match of text.matchAll(pattern)) {
      const rest = text.slice(match.index);
      const stop = rest.search(end);
      if (stop < 0) throw new Error(`an ${match[0]} without its closing "});"`);
      scripts.push(rest.slice(0, stop));
    }
  }
  return scripts;
}

// Property names: after a dot, and as keys of object literals (comments
// left out).
function propertyNames(script) {
  const names = new Set();
  script = script.replace(/(^|\s)\/\/[^\n]*/g, '$1');
  for (const match of script.matchAll(/\.([A-Za-z_$][\w$]*)/g)) names.add(match[1]);
  for (const match of script.matchAll(/[{,]\s*([A-Za-z_$][\w$]*)\s*:/g)) names.add(match[1]);
  return names;
}

const [out, ...sources] = process.argv.slice(2);
if (!out || sources.length === 0) {
  console.error('usage: node closure_externs.mjs OUT.js SOURCE...');
  process.exit(2);
}
const names = new Set();
const from = [];
for (const source of sources) {
  const text = fs.readFileSync(source, 'utf8');
  const scripts = source.endsWith('.js') ? [text] : embeddedScripts(text);
  if (scripts.length) from.push(path.basename(source));
  for (const script of scripts) for (const name of propertyNames(script)) names.add(name);
}
const lines = [...names].sort().map((name) => `/** @type {?} */ Object.prototype.${name};`);
const text = `/** @externs */\n// Written by web/closure_externs.mjs from ${from.sort().join(', ')}.\n` +
  lines.join('\n') + '\n';
fs.mkdirSync(path.dirname(out), { recursive: true });
if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== text) fs.writeFileSync(out, text);
