// Pictures for bloggers (issue 29): Save picture downloads the board alone
// as a PNG, by default at the screen's pixel density (600 CSS pixels wide,
// times devicePixelRatio), with the caption under it when asked for; Save
// animation downloads the solution as an animated GIF, one frame a move and
// the start, made a few frames each UI frame while the page keeps drawing
// (Tree of Life's: the tree generation by generation, at most 64 frames).
// Each button opens a small popup (width, the animation's speed, caption)
// whose Save button makes the file; the popups keep their choices.
import fs from 'node:fs';
import path from 'node:path';
import { SHORT, LONG, HARDEST, WALLS_15, expect, lab, waitFor, open, clickTarget, settled, dragPointer, screenshot } from '../lib.mjs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Width and height from a PNG's IHDR chunk.
function pngSize(bytes) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// A GIF's size and frames, read block by block (header, screen, colour
// table, then extensions and images up to the trailer): the delays in
// hundredths of a second, one per image descriptor, and each image's
// rectangle (a frame after the first is stored as where it differs).
function gifFrames(bytes) {
  expect(bytes.subarray(0, 6).toString('latin1') === 'GIF89a', 'the download is not a GIF89a');
  const width = bytes.readUInt16LE(6), height = bytes.readUInt16LE(8);
  const tableSize = (flags) => (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  let at = 13 + tableSize(bytes[10]);
  const skipSubBlocks = () => { while (bytes[at] !== 0) at += bytes[at] + 1; at += 1; };
  const delays = [], rects = [];
  let delay = 0;
  for (;;) {
    expect(at < bytes.length, 'the GIF ends without its trailer');
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      if (bytes[at + 1] === 0xf9) delay = bytes.readUInt16LE(at + 4);
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      rects.push({ x: bytes.readUInt16LE(at + 1), y: bytes.readUInt16LE(at + 3),
                   w: bytes.readUInt16LE(at + 5), h: bytes.readUInt16LE(at + 7) });
      at += 10 + tableSize(bytes[at + 9]) + 1;  // descriptor, local table, LZW code size
      skipSubBlocks();
      delays.push(delay);
    } else {
      throw new Error(`unexpected GIF block 0x${block.toString(16)} at byte ${at}`);
    }
  }
  return { width, height, delays, rects };
}

// Opens a Save popup from its button in the side panel ('savePicture' or
// 'saveAnimation' opens 'picturePopup' or 'animationPopup'), and waits
// until it is placed (a popup moves to fit on its second frame).
async function openPopup(page, button, popup) {
  await clickTarget(page, button);
  await waitFor(page, (name) => window.puzzleLab.popupOpen === true && !!window.puzzleLab.layout[name],
                popup, SHORT);
  await settled(page);
}

// Picks a width in an open Save popup's Width list ('pictureWidth-480').
async function pickWidth(page, item) {
  await clickTarget(page, 'pictureWidth');
  await waitFor(page, (name) => !!window.puzzleLab.layout[name], item, SHORT);
  await settled(page);
  await clickTarget(page, item);
  await waitFor(page, (name) => !window.puzzleLab.layout[name], item, SHORT);  // the list closed
  await settled(page);
}

// Until window.puzzleLab.saved changes and the note says so (it shows for
// a few seconds only), samples in the page each browser frame what Save
// animation has done and how many frames the app has drawn.
function watchSaving(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const before = window.puzzleLab.saved;
    const samples = [];
    const poll = () => {
      const lab = window.puzzleLab;
      samples.push({ t: performance.now(), frames: lab.frames, saving: lab.savingAnimation });
      const savedNow = lab.saved !== before && lab.message.startsWith('Saved');
      if (savedNow || (samples.length > 2 && !lab.savingAnimation && samples.some((s) => s.saving) &&
                       !lab.message.startsWith('Saved')))
        resolve({ samples, saved: savedNow ? lab.saved : null, message: lab.message });
      else requestAnimationFrame(poll);
    };
    poll();
  }));
}

// A page of its own that takes downloads, for `run`: at devicePixelRatio 2
// where the screen's pixel density is what a check asks about (the default
// width), else at 1, where every frame the page draws and the browser
// composites while a check waits has a quarter of the pixels (a 100,001-cell
// tree's frames at 2560x1440 were most of the CPU its check took).
const DENSE = 2;
async function withPage({ browser, pageErrors }, viewport, run, deviceScaleFactor = 1) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, serviceWorkers: 'block',
                                             acceptDownloads: true });
  const p = await context.newPage();
  p.on('pageerror', (err) => pageErrors.push(err.message));
  try {
    return await run(p);
  } finally {
    await context.close();
  }
}

// The download `button` starts when clicked (Save PNG, Save GIF).
async function downloadFrom(page, button, timeout) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout }), clickTarget(page, button)]);
  return download;
}

// A download kept in the output folder as `file`: its bytes and the name
// the page gave it.
async function keep(downloading, output, file) {
  const download = await downloading;
  const where = path.join(output, file);
  await download.saveAs(where);
  return { bytes: fs.readFileSync(where), name: download.suggestedFilename() };
}

// Presses Save animation's progress button, which is Cancel while it
// works: the work stops and nothing is saved.
async function cancelSaving(page) {
  await clickTarget(page, 'saveAnimationButton');
  await waitFor(page, () => window.puzzleLab.savingAnimation === null &&
                window.puzzleLab.message.includes('cancelled'), undefined, SHORT);
  expect(!(await lab(page)).saved, 'a cancelled animation was saved');
}

// Opens Save animation's popup and saves the GIF, kept as `file`, watching
// the page meanwhile (watchSaving); the progress button is shot as
// `shot` while it works (a screenshot does not stop it).
async function saveWatched(page, output, file, shot) {
  const watching = watchSaving(page);
  const downloading = page.waitForEvent('download', { timeout: LONG });
  await openPopup(page, 'saveAnimationButton', 'animationPopup');
  await clickTarget(page, 'animationSave');
  await waitFor(page, () => (window.puzzleLab.savingAnimation && window.puzzleLab.savingAnimation.done >= 1) ||
                !!window.puzzleLab.saved, undefined, LONG);
  if ((await lab(page)).savingAnimation) await screenshot(page, { path: path.join(output, shot) });
  const { bytes, name } = await keep(downloading, output, file);
  return { bytes, name, gif: gifFrames(bytes), ...(await watching) };
}

// The longest wait between two samples of watchSaving, and the time they span, in ms.
function sampleTimes(samples) {
  let gap = 0;
  for (let i = 1; i < samples.length; ++i) gap = Math.max(gap, samples[i].t - samples[i - 1].t);
  return { gap, ms: samples[samples.length - 1].t - samples[0].t };
}

export default async function pictureChecks({ browser, output, base, check, pageErrors }) {
  const setup = { browser, pageErrors };
  await check('Save picture downloads the board as a PNG at the screen\'s pixel density', () =>
    withPage(setup, { width: 1280, height: 800 }, async (p) => {
      await open(p, base, `puzzle=rushhour&board=${HARDEST}`);
      await waitFor(p, (b) => window.puzzleLab.startBoard === b, HARDEST, SHORT);
      await openPopup(p, 'savePictureButton', 'picturePopup');
      await screenshot(p, { path: path.join(output, 'pictures-popup.png') });
      const { bytes, name } = await keep(downloadFrom(p, 'pictureSave', SHORT), output, 'saved-picture.png');
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'the download is not a PNG');
      expect(name === 'puzzlelab-rushhour.png', `named ${name}`);
      await waitFor(p, () => !!window.puzzleLab.saved, undefined, SHORT);
      const saved = (await lab(p)).saved;
      expect(saved.type === 'image/png', `type ${saved.type}`);
      const size = pngSize(bytes);
      expect(size.width === 1200, `${size.width} pixels wide at devicePixelRatio 2, expected 1200`);
      expect(size.width === saved.width && size.height === saved.height, 'the file and the page disagree on the size');
      await waitFor(p, () => window.puzzleLab.message.startsWith('Saved'), undefined, SHORT);
      await screenshot(p, { path: path.join(output, 'pictures-saved.png') });
      return `${name}: ${bytes.length} bytes, ${size.width}x${size.height}, ${saved.type}`;
    }, DENSE), { firefox: true });

  await check('Save animation downloads the solution as a GIF, one frame a move and the start, while frames keep coming', () =>
    withPage(setup, { width: 1280, height: 800 }, async (p) => {
      // A 15-move solution: 16 frames of 1200 pixels, a quarter of the
      // hardest board's, still many UI frames' work for Cancel to stop.
      await open(p, base, `puzzle=rushhour&board=${WALLS_15}&solve=1`);
      await waitFor(p, () => window.puzzleLab.status === 'solved', undefined, LONG);
      const moves = (await lab(p)).cost;
      // Cancel: the button says the progress and stops the work when pressed.
      await openPopup(p, 'saveAnimationButton', 'animationPopup');
      await clickTarget(p, 'animationSave');
      await waitFor(p, () => window.puzzleLab.savingAnimation && window.puzzleLab.savingAnimation.done >= 1,
                    undefined, SHORT);
      // Pressed again at once: a screenshot here could outlast the whole
      // animation on a busy machine, and the press would start a new one.
      await cancelSaving(p);
      // Then the whole animation.
      const { bytes, name, gif, samples, saved, message } =
        await saveWatched(p, output, 'saved-animation.gif', 'pictures-saving-animation.png');
      expect(name === 'puzzlelab-rushhour.gif', `named ${name}`);
      expect(saved && saved.type === 'image/gif', `type ${saved && saved.type}, note "${message}"`);
      expect(gif.delays.length === moves + 1, `${gif.delays.length} frames for ${moves} moves`);
      expect(saved.frames === moves + 1 && saved.bytes === bytes.length, `the page says ${JSON.stringify(saved)}`);
      expect(gif.width === 1200, `${gif.width} pixels wide at devicePixelRatio 2, expected 1200`);
      expect(gif.delays[0] > gif.delays[1] && gif.delays[moves] > gif.delays[1], `delays ${gif.delays.slice(0, 3)}`);
      // The work was spread over the page's frames: the app drew frames
      // while the count of frames made went up step by step.
      const working = samples.filter((s) => s.saving);
      const steps = new Set(working.map((s) => s.saving.done)).size;
      const drawn = working.length ? working[working.length - 1].frames - working[0].frames : 0;
      expect(steps >= 3 && drawn >= 3, `${steps} progress steps, ${drawn} frames drawn while saving`);
      const { gap, ms } = sampleTimes(samples);
      return `${name}: ${bytes.length} bytes, ${gif.width}x${gif.height}, ` +
        `${gif.delays.length} frames for ${moves} moves, made in ${(ms / 1000).toFixed(2)} s ` +
        `(${drawn} page frames drawn meanwhile, ${steps} progress steps, longest gap ${gap.toFixed(0)} ms)`;
    }, DENSE));

  // The screen's width is 600 pixels (1200 at devicePixelRatio 2): 480 is not it.
  await check('Save picture and Save animation at a width and speed picked in their popups, kept when opened again', () =>
    withPage(setup, { width: 1280, height: 720 }, async (p) => {
      // (A 15-move solution: the choices are what is checked, not its length.)
      await open(p, base, `puzzle=rushhour&board=${WALLS_15}&solve=1`);
      await waitFor(p, () => window.puzzleLab.status === 'solved', undefined, LONG);
      const moves = (await lab(p)).cost;
      // Both buttons on one row: the side panel is no taller for the choices.
      const { savePictureButton: a, saveAnimationButton: b } = (await lab(p)).layout;
      expect(a && b && a.y === b.y, `Save picture at ${JSON.stringify(a)}, Save animation at ${JSON.stringify(b)}`);
      await openPopup(p, 'savePictureButton', 'picturePopup');
      await pickWidth(p, 'pictureWidth-480');
      await screenshot(p, { path: path.join(output, 'pictures-width-picked.png') });
      const png = (await keep(downloadFrom(p, 'pictureSave', SHORT), output, 'saved-picture-480.png')).bytes;
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'the download is not a PNG');
      const size = pngSize(png);
      expect(size.width === 480, `the picture is ${size.width} pixels wide, 480 picked`);
      await waitFor(p, () => window.puzzleLab.popupOpen === false, undefined, SHORT);

      // The animation's popup keeps the width; its speed slider pushed to
      // the right end is the fastest playback speed, 12 moves a second.
      await openPopup(p, 'saveAnimationButton', 'animationPopup');
      await screenshot(p, { path: path.join(output, 'pictures-animation-popup.png') });
      const slider = (await lab(p)).layout.animationSpeed;
      const y = slider.y + slider.h / 2;
      await dragPointer(p, slider.x + slider.w / 2, y, slider.x + slider.w + 20, y);  // past its end
      await settled(p);
      const gif = gifFrames((await keep(downloadFrom(p, 'animationSave', LONG), output, 'saved-animation-480.gif')).bytes);
      expect(gif.width === 480, `the animation is ${gif.width} pixels wide, 480 picked`);
      expect(gif.delays.length === moves + 1, `${gif.delays.length} frames for ${moves} moves`);
      expect(gif.delays[1] === Math.round(100 / 12), `a move shows ${gif.delays[1]} hundredths of a second at 12 moves/s`);
      // Opened again, both popups still hold those choices.
      await waitFor(p, () => window.puzzleLab.savingAnimation === null, undefined, SHORT);
      await openPopup(p, 'savePictureButton', 'picturePopup');
      const again = pngSize((await keep(downloadFrom(p, 'pictureSave', SHORT), output, 'saved-picture-again.png')).bytes);
      expect(again.width === 480, `opened again, the picture is ${again.width} pixels wide, 480 picked before`);
      await waitFor(p, () => window.puzzleLab.popupOpen === false, undefined, SHORT);
      await openPopup(p, 'saveAnimationButton', 'animationPopup');
      const gifAgain = gifFrames((await keep(downloadFrom(p, 'animationSave', LONG), output, 'saved-animation-again.gif')).bytes);
      expect(gifAgain.width === 480 && gifAgain.delays[1] === gif.delays[1],
             `opened again, the animation is ${gifAgain.width} pixels wide at ${gifAgain.delays[1]} hundredths a move`);
      return `PNG ${size.width}x${size.height}; GIF ${gif.width}x${gif.height}, ${gif.delays.length} frames, ` +
        `${gif.delays[1] * 10} ms a move`;
    }));

  await treeAnimationChecks({ check, output, base, setup });
}

// Tree of Life's answer is the queries' marks, not moves: its Save
// animation is the tree generation by generation (PuzzleHooks::time_line),
// from generation 0 to the last query's, at most 64 frames, the popup
// saying what the frames cover and the Save button how many.
const TREE_SAMPLE = '42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 [<>]\n';

// A complete binary tree of `cells` cells (odd: every cell has two children
// or none), breadth-first cell i live when i * 7 % 3 == 0, and one query
// `generations` on.
function completeTree(cells, generations) {
  const parts = [];
  const write = (i) => {
    const value = (i * 7) % 3 === 0 ? 'X' : '.';
    if (2 * i + 2 >= cells) { parts.push(value); return; }
    parts.push('(');
    write(2 * i + 1);
    parts.push(` ${value} `);
    write(2 * i + 2);
    parts.push(')');
  };
  write(0);
  return `42354\n${parts.join('')}\n1\n${generations} [<>]\n`;
}

async function treeAnimationChecks({ check, output, base, setup }) {
  await check('Tree of Life\'s Save animation is the tree generation by generation, to the last query\'s', () =>
    withPage(setup, { width: 1280, height: 800 }, async (p) => {
      await open(p, base, `puzzle=treeoflife&board=${encodeURIComponent(TREE_SAMPLE)}`);
      await waitFor(p, () => !!window.puzzleLab.layout.saveAnimationButton, undefined, SHORT);
      // On before any move or solve; the popup says what the frames cover.
      await openPopup(p, 'saveAnimationButton', 'animationPopup');
      expect(!!(await lab(p)).layout.animationSpan, 'the popup does not say what the frames cover');
      await screenshot(p, { path: path.join(output, 'pictures-treeoflife-popup.png') });
      const watching = watchSaving(p);
      const { bytes, name } = await keep(downloadFrom(p, 'animationSave', LONG), output, 'saved-treeoflife.gif');
      const { samples, saved, message } = await watching;
      const gif = gifFrames(bytes);
      // The sample's queries ask about generations 0 to 3: 4 frames.
      expect(name === 'puzzlelab-treeoflife.gif', `named ${name}`);
      expect(saved && saved.type === 'image/gif', `type ${saved && saved.type}, note "${message}"`);
      const totals = new Set(samples.filter((s) => s.saving).map((s) => s.saving.total));
      expect(gif.delays.length === 4, `${gif.delays.length} frames, expected generations 0 to 3`);
      expect(saved.frames === 4 && [...totals].every((t) => t === 4),
             `the page says ${JSON.stringify(saved)}, progress totals ${[...totals]}`);
      expect(gif.delays[0] > gif.delays[1] && gif.delays[3] > gif.delays[1], `delays ${gif.delays}`);
      return `${name}: ${bytes.length} bytes, ${gif.width}x${gif.height}, ${gif.delays.length} frames`;
    }));

  await check('a 100,001-cell tree\'s Save animation stops at 64 frames, and Cancel stops it', () =>
    withPage(setup, { width: 1280, height: 720 }, async (p) => {
      const board = completeTree(100001, 1000);
      await open(p, base, `puzzle=treeoflife&board=${encodeURIComponent(board)}`);
      await waitFor(p, () => !!window.puzzleLab.layout.saveAnimationButton, undefined, LONG);
      await openPopup(p, 'saveAnimationButton', 'animationPopup');
      await pickWidth(p, 'pictureWidth-480');
      await screenshot(p, { path: path.join(output, 'pictures-treeoflife-big-popup.png') });
      await clickTarget(p, 'animationSave');
      await waitFor(p, () => window.puzzleLab.savingAnimation && window.puzzleLab.savingAnimation.done >= 1,
                    undefined, LONG);
      const total = (await lab(p)).savingAnimation.total;
      await cancelSaving(p);  // as for moves
      expect(total === 64, `${total} frames planned for generations 0 to 1000, expected the first 64`);
      // Then the whole of it, the page drawing meanwhile.
      const { bytes, gif, samples, saved, message } =
        await saveWatched(p, output, 'saved-treeoflife-big.gif', 'pictures-treeoflife-saving.png');
      expect(saved, `nothing saved, note "${message}"`);
      expect(gif.delays.length === 64 && saved.frames === 64, `${gif.delays.length} frames, the page says ${saved.frames}`);
      expect(gif.width === 480, `${gif.width} pixels wide, 480 picked`);
      // Each frame's counter ("generation k / 63", at the foot) is new: every
      // frame differs down to it, however many vertices the tree and its
      // strip take.
      const short = gif.rects.findIndex((r, k) => k > 0 && r.y + r.h < gif.height * 0.9);
      expect(short < 0, `frame ${short} stops at row ${short >= 0 ? gif.rects[short].y + gif.rects[short].h : 0} ` +
             `of ${gif.height}: its counter did not change`);
      const { gap, ms } = sampleTimes(samples);
      return `${bytes.length} bytes, ${gif.width}x${gif.height}, ${gif.delays.length} frames in ` +
        `${(ms / 1000).toFixed(2)} s (longest gap between page frames ${gap.toFixed(0)} ms)`;
    }));
}
