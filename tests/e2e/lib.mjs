// Shared helpers for the browser end-to-end checks (tests/e2e/checks/*.mjs).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

// --- a tiny static server -------------------------------------------------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
                '.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.json': 'application/json' };

export function serve(dir) {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, name.endsWith('/') ? name + 'index.html' : name);
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// --- boards more than one check plays ---------------------------------------
export const HARDEST = 'IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM';  // Rush Hour's hardest 6x6: 60 moves
// A bundled board with walls, 15 moves: for checks that play a whole
// solution back (or save it) and ask nothing of its length, a quarter of the
// hardest board's frames for the browser to draw.
export const WALLS_15 = 'xooIoooooIKoGAAJKLGCCJoLooHDDLxoHoFF';
// 16x16, car A boxed in by a truck that walls keep in place: no solution, and
// IDA* under the steps metric searches for a very long time before it could
// give up, so Cancel must stop a genuinely running search.
export const LONG_SEARCH = [
  'BBoooooooooooooo', 'ooooooooFooooooo', 'oooCooooFooooooo', 'oooCoooooooooooK',
  'oooCooooooGGGooK', 'oooooooooooooxoK', 'oooooooooooooXoo', 'oAAooooooooooXoo',
  'oooooooooooooXoo', 'oooooooJoooooxoo', 'ooDDoooJoooooooo', 'ooooooooooooooLL',
  'oooooEEEoooooooo', 'ooooooooooooHooo', 'IIIoooooooooHooo', 'oooooooooooooooo',
].join('');

// --- checks ----------------------------------------------------------------
// Every wait is on a state the page publishes in window.puzzleLab, with a
// timeout generous enough for a busy 2-core machine: never on the clock.
export const SHORT = 30000;   // a state that follows a click or a key
export const LONG = 120000;   // a solve, a page load

export function expect(condition, message) { if (!condition) throw new Error(message); }

export const lab = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.puzzleLab)));
// A timeout names the state that never came (Playwright's message does not).
export const waitFor = (page, predicate, arg, timeout = LONG) =>
  page.waitForFunction(predicate, arg, { timeout, polling: 50 }).catch((err) => {
    const wanted = predicate.toString().replace(/\s+/g, ' ').slice(0, 200);
    throw new Error(`${err.message.split('\n')[0]} waiting for ${wanted} (arg ${JSON.stringify(arg)})`);
  });

// Opens the page at a hash and waits until the app has opened that address
// (window.puzzleLab.address: on the same page, a new hash is only a
// hashchange, and until the app has taken it window.puzzleLab still tells
// of the last board) and drawn a layout for the page's current size
// (window.puzzleLab.display is the CSS size the published layout was made for).
export async function open(page, base, hash) {
  await page.goto(`${base}/#${hash}`);
  await waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true && window.puzzleLab.display &&
    window.puzzleLab.address === window.location.hash &&
    Math.abs(window.puzzleLab.display.w - window.innerWidth) < 1 &&
    Math.abs(window.puzzleLab.display.h - window.innerHeight) < 1);
}

// The picker's puzzles as the page lists them ([{id, hints}], in its order),
// so the checks cover a puzzle the list gains without naming it.
export async function puzzleList(page, base) {
  await open(page, base, '');
  const { puzzles } = await lab(page);
  expect(Array.isArray(puzzles) && puzzles.length > 0, `no puzzle list: ${JSON.stringify(puzzles)}`);
  return puzzles;
}

// Waits until input sent before this has been seen by the app and a
// screenshot after it shows its effect. The app draws on demand: this wakes
// it (as any event does) and waits for `count` more frames, or fewer if the
// page settles first (nothing more to draw until the next event).
// (A page from before frames on demand has no redraw or settled: it draws
// every frame anyway, and one frame does there.)
export async function nextFrames(page, count = 2, timeout = SHORT) {
  const start = await page.evaluate(() => {
    if (window.puzzleLab.redraw) window.puzzleLab.redraw();
    return window.puzzleLab.frames;
  });
  await waitFor(page, ([from, n]) => window.puzzleLab.frames >= from + n ||
    (window.puzzleLab.frames > from && window.puzzleLab.settled !== false), [start, count], timeout);
}

// Waits until the page has settled: the frames after the last event are
// drawn and none is due (an idle page draws nothing).
export async function settled(page, timeout = SHORT) {
  await nextFrames(page, Infinity, timeout);
}

// Waits until the page's loading overlay (index.html's #overlay), in the
// page and in every frame it embeds, is at rest: faded out for good (its
// computed visibility turns hidden only when the 0.25 s fade has ended), or,
// if the app stopped (.failed), faded fully in with its message. A state,
// never the clock. A frame whose app is not ready yet keeps its spinner.
export async function overlayAtRest(page, timeout = SHORT) {
  const frames = typeof page.frames === 'function' ? page.frames() : [page];
  for (const frame of frames) {
    if (frame.isDetached && frame.isDetached()) continue;
    await waitFor(frame, () => {
      const overlay = document.getElementById('overlay');
      if (!overlay) return true;
      const style = getComputedStyle(overlay);
      if (overlay.classList.contains('failed')) return style.opacity === '1';
      // A frame still loading (an embed not yet scrolled to) shows its
      // spinner, at rest; once the app is ready the overlay must be gone.
      const ready = window.puzzleLab && window.puzzleLab.ready === true;
      if (!ready && !overlay.classList.contains('hidden')) return true;
      return style.visibility === 'hidden';
    }, undefined, timeout);
  }
}

// Every check's screenshot: page.screenshot(options) once the overlay is at
// rest, so no picture catches "Loading Puzzle Lab…" half faded over the app.
export async function screenshot(page, options = {}) {
  await overlayAtRest(page);
  return page.screenshot(options);
}

// Clicks the middle of something the app published in window.puzzleLab.layout.
export async function clickTarget(page, name) {
  const rect = (await lab(page)).layout[name];
  expect(rect, `no ${name} in window.puzzleLab.layout`);
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
}

// Parks the pointer on the empty strip under the board: no hover, no tooltip.
export async function parkPointer(page) {
  const size = page.viewportSize();
  await page.mouse.move(size.width - 4, size.height - 4);
}

// Waits for the move count to reach `count`, then checks the move that got there.
// Taps keys with all their events sent from one task, so they all reach the
// app between two of its frames, as they do when a frame is slow (a busy
// machine) or a person types fast. Keys: 'ArrowRight', 'ArrowLeft',
// 'ArrowUp', 'ArrowDown' or one printable character.
export async function tapKeysInOneFrame(page, keys) {
  await page.evaluate((keys) => {
    const arrows = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40 };
    const send = (type, key, keyCode, charCode) => {
      const event = new KeyboardEvent(type, { key, bubbles: true, cancelable: true });
      // The GLFW port reads the legacy codes, which the constructor cannot set.
      Object.defineProperty(event, 'keyCode', { get: () => keyCode });
      Object.defineProperty(event, 'charCode', { get: () => charCode });
      window.dispatchEvent(event);
    };
    for (const key of keys) {
      const keyCode = arrows[key] ?? key.toUpperCase().charCodeAt(0);
      send('keydown', key, keyCode, 0);
      if (!(key in arrows)) send('keypress', key, 0, key.charCodeAt(0));
      send('keyup', key, keyCode, 0);
    }
  }, keys);
}

export async function expectMove(page, count, move) {
  await waitFor(page, (n) => window.puzzleLab.moveCount === n, count, SHORT);
  const state = await lab(page);
  expect(state.lastMove === move, `expected move ${move}, got ${state.lastMove}`);
  return state;
}

// Drags piece `label` by `cells` along its axis (+ right/down), as a person would.
export async function dragPiece(page, label, cells) {
  const state = await lab(page);
  const rect = state.layout[label];
  expect(rect, `no geometry for piece ${label} in window.puzzleLab.layout`);
  const cell = Math.min(rect.w, rect.h);
  const horizontal = rect.w > rect.h;
  const x0 = rect.x + (horizontal ? cell / 2 : rect.w / 2), y0 = rect.y + (horizontal ? rect.h / 2 : cell / 2);
  const x1 = x0 + (horizontal ? cells * cell : 0), y1 = y0 + (horizontal ? 0 : cells * cell);
  await dragPointer(page, x0, y0, x1, y1);
}

// Drags from the middle of one published target to the middle of another.
export async function dragTargets(page, from, to) {
  const state = await lab(page);
  const a = state.layout[from], b = state.layout[to];
  expect(a && b, `no geometry for ${from} or ${to} in window.puzzleLab.layout`);
  await dragPointer(page, a.x + a.w / 2, a.y + a.h / 2, b.x + b.w / 2, b.y + b.h / 2);
}

// Presses at (x0, y0), drags to (x1, y1) and releases, a frame between the
// steps however slow the machine: the app reads the pointer once a frame, so
// a press, a drag and a release in one frame would be a click where the
// pointer ended up.
export async function dragPointer(page, x0, y0, x1, y1) {
  await page.mouse.move(x0, y0);
  await nextFrames(page);
  await page.mouse.down();
  await nextFrames(page);
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 6 });
  await nextFrames(page);
  await page.mouse.move(x1, y1, { steps: 6 });
  await nextFrames(page);
  await page.mouse.up();
}

export function parseMove(text) {
  const m = /^([A-Z])([+-])(\d+)$/.exec(text);
  return m && { label: m[1], cells: (m[2] === '+' ? 1 : -1) * Number(m[3]) };
}

const onScreen = (r, w, h) => !!r && r.x >= 0 && r.y >= 0 && r.x + r.w <= w + 0.5 && r.y + r.h <= h + 0.5;

// Wheels the panel (or an embed's controls) down until `name` is whole on
// screen, or it scrolls no further: a turn of the wheel by as many pixels
// as `name` is below the screen's foot where the layout places it, or by
// 60% of the panel's height while it is further down than the layout
// places anything (never past it: less than a screenful), as a quick flick
// would. (Each turn eases over some ten frames: a notch at a time, a table
// far down a phone's panel took 14 s of frames.)
export async function scrollTo(page, name) {
  for (let i = 0; i < 40; i++) {
    const { layout, panelScroll } = await lab(page);
    const size = page.viewportSize();
    const target = layout[name];
    if (onScreen(target, size.width, size.height)) return;
    if (panelScroll && panelScroll.y >= panelScroll.max - 1) break;
    const below = target ? Math.ceil(target.y + target.h - size.height) + 8 : Math.floor(layout.panel.h * 0.6);
    await page.mouse.move(layout.panel.x + layout.panel.w / 2, layout.panel.y + layout.panel.h / 2);
    await page.mouse.wheel(0, Math.max(100, below));
    await waitFor(page, (y) => window.puzzleLab.panelScroll.y !== y && window.puzzleLab.settled, panelScroll.y, SHORT);
  }
  const { layout } = await lab(page);
  const size = page.viewportSize();
  expect(onScreen(layout[name], size.width, size.height), `${name} not on screen: ${JSON.stringify(layout[name])}`);
}
