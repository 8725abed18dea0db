// A slider takes a single click or tap, not only a drag: the playback
// speed jumps to the value under the pointer, with a mouse at 1280x720 and
// with a finger on a phone (390x844), also when the finger's press and lift
// both reach the page before the app's next frame (a quick tap on a busy
// phone: the app reads the pointer once a frame, so the press must still
// count as held for that frame).
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open, settled, parkPointer, screenshot } from '../lib.mjs';

const MIN_SPEED = 0.5, MAX_SPEED = 12;  // Playback::kMinSpeed, kMaxSpeed (a logarithmic slider)

// The speeds a press at `x` on the slider `rect` may give: ImGui keeps half
// its grab (at most the slider's height) and 2 px clear at each end, and
// rounds to the format's one decimal.
function speedRange(rect, x) {
  const at = (grab) => {
    const t = Math.min(1, Math.max(0, (x - rect.x - 2 - grab / 2) / (rect.w - 4 - grab)));
    return MIN_SPEED * Math.pow(MAX_SPEED / MIN_SPEED, t);
  };
  const a = at(0), b = at(rect.h);
  return [Math.min(a, b) - 0.06, Math.max(a, b) + 0.06];
}

// Opens the warm-up board solved (its solution plays back) and waits for
// the speed slider.
async function solved(page, base) {
  await open(page, base, 'puzzle=rushhour&solve=1');
  await waitFor(page, () => window.puzzleLab.status === 'solved' && !!window.puzzleLab.layout.speedSlider &&
                typeof window.puzzleLab.playbackSpeed === 'number', undefined, LONG);
  await settled(page);
}

// Presses on the speed slider at `share` of its width with `press`, and
// checks that the published speed becomes the one under the pointer.
async function pressAt(page, share, press) {
  await settled(page);  // the last press's release seen (and the playback over): a new press
  const before = await lab(page);
  const rect = before.layout.speedSlider;
  const x = rect.x + rect.w * share, y = rect.y + rect.h / 2;
  await press(x, y);
  await waitFor(page, (from) => window.puzzleLab.playbackSpeed !== from, before.playbackSpeed, SHORT);
  const speed = (await lab(page)).playbackSpeed;
  const [lo, hi] = speedRange(rect, x);
  expect(speed >= lo && speed <= hi, `a press at ${Math.round(share * 100)}% gave ${speed} moves/s, ` +
         `expected ${lo.toFixed(2)}..${hi.toFixed(2)}`);
  return `${before.playbackSpeed.toFixed(1)} -> ${speed.toFixed(1)}`;
}

// A finger's press and lift sent from one task, so both reach the app
// between two of its frames.
const tapInOneFrame = (page, x, y) => page.evaluate(([x, y]) => {
  const canvas = document.getElementById('canvas');
  const touch = new Touch({ identifier: 1, target: canvas, clientX: x, clientY: y });
  const send = (type, touches) => canvas.dispatchEvent(new TouchEvent(type, {
    bubbles: true, cancelable: true, touches, targetTouches: touches, changedTouches: [touch] }));
  send('touchstart', [touch]);
  send('touchend', []);
}, [x, y]);

export default async function sliderChecks({ browser, page, base, output, check, pageErrors }) {
  await check('a click on the speed slider sets the speed under the pointer (1280x720)', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await solved(page, base);
    await parkPointer(page);
    const click = (x, y) => page.mouse.click(x, y);
    const up = await pressAt(page, 0.9, click);
    const down = await pressAt(page, 0.1, click);
    return `click at 90%: ${up}; at 10%: ${down}`;
  });

  await check('a tap on the speed slider sets it on a phone (390x844), press and lift in one frame too', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
                                             hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const p = await phone.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await solved(p, base);
    const tap = (x, y) => p.touchscreen.tap(x, y);
    const results = [`tap at 85%: ${await pressAt(p, 0.85, tap)}`];
    results.push(`one-frame tap at 15%: ${await pressAt(p, 0.15, (x, y) => tapInOneFrame(p, x, y))}`);
    results.push(`one-frame tap at 70%: ${await pressAt(p, 0.7, (x, y) => tapInOneFrame(p, x, y))}`);
    await settled(p);
    await screenshot(p, { path: path.join(output, 'sliders-phone-tap.png') });
    await phone.close();
    return results.join('; ');
  });
}
