// The Cluster view (Rush Hour's space of positions): G opens it, the worker
// works it out, a click on a position moves the board there as one undo
// step, and the page settles (nothing drawn while nothing changes).
import path from 'node:path';
import { HARDEST, SHORT, LONG, expect, lab, waitFor, open, settled, clickTarget, screenshot } from '../lib.mjs';

// Picks "Up to `positions` positions" in the CLUSTER section's list.
async function pickCap(page, positions) {
  await clickTarget(page, 'clusterCap');
  await waitFor(page, (n) => !!window.puzzleLab.layout[`clusterCap-${n}`], positions, SHORT);
  await settled(page);
  await clickTarget(page, `clusterCap-${positions}`);
  await waitFor(page, (n) => window.puzzleLab.cluster.cap === n, positions, SHORT);
}


export default async function clusterChecks({ browser, page, base, output, check }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await check('cluster: G opens the hardest 6x6 cluster, a click jumps, undo comes back', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', HARDEST);
    await page.keyboard.press('g');
    await waitFor(page, () => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions > 0 &&
      !window.puzzleLab.cluster.working && window.puzzleLab.cluster.targets.length > 0, undefined, LONG);
    const open1 = await lab(page);
    const c = open1.cluster;
    expect(c.positions === 2332 && c.distance === 60 && !c.truncated, `cluster ${JSON.stringify(c).slice(0, 200)}`);
    await settled(page);
    const idle = (await lab(page)).frames;
    await screenshot(page, { path: path.join(output, 'cluster-hardest.png') });
    const target = c.targets[0];
    await page.mouse.click(target.x, target.y);
    await waitFor(page, (b) => window.puzzleLab.board !== b, open1.board, SHORT);
    const moved = await lab(page);
    expect(moved.cluster.current !== c.current, 'the ringed position did not follow the board');
    expect(moved.cluster.positions === 2332, 'a jump inside the cluster asked for a new one');
    await page.keyboard.press('Control+Z');
    await waitFor(page, (b) => window.puzzleLab.board === b, open1.board, SHORT);
    await settled(page);
    return `2332 positions in ${c.ms.toFixed(1)} ms in the worker (${c.roundTripMs.toFixed(0)} ms to the picture); ` +
      `frames ${idle} when settled; jumped to ${moved.board} and back`;
  });

  await check('cluster: the big 8x8 shows its 25,000 nearest positions', async () => {
    const big = 'oDDOOHHooQQKFToGJJoKFTBGUXAAFSBoUXIIoSBMLLoRRWWMNVPCCCEoNVPoooEo';
    await open(page, base, `puzzle=rushhour&board=${big}`);
    // The 6x6's picture is up until the new one is asked for: wait for one
    // that holds this board (current >= 0).
    await waitFor(page, () => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions > 0 &&
      !window.puzzleLab.cluster.working && window.puzzleLab.cluster.current >= 0, undefined, LONG);
    const c = (await lab(page)).cluster;
    expect(c.positions === 25000 && c.truncated, `cluster ${JSON.stringify(c).slice(0, 200)}`);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'cluster-8x8.png') });
    // On a phone: the same picture over the board's place, the panel below.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await open(small, base, `puzzle=rushhour&board=${HARDEST}`);
    await small.keyboard.press('g');
    await waitFor(small, () => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions === 2332 &&
      !window.puzzleLab.cluster.working, undefined, LONG);
    await settled(small);
    await screenshot(small, { path: path.join(output, 'cluster-phone.png') });
    await phone.close();
    return `25,000 of more positions in ${c.ms.toFixed(1)} ms in the worker (${c.roundTripMs.toFixed(0)} ms to the picture)`;
  });

  await check('cluster: Amphipod\'s space shows its dead ends, and the least energy to solved', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent('BCA/ABC')}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.ready, undefined, LONG);
    if (!(await lab(page)).cluster.open) await page.keyboard.press('g');  // it stays open from the 8x8
    await waitFor(page, () => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions > 0 &&
      !window.puzzleLab.cluster.working && window.puzzleLab.cluster.targets.length > 0, undefined, LONG);
    const c = (await lab(page)).cluster;
    // 3270 positions, 148 of them dead ends; 4 moves and the solver's optimum away.
    expect(c.positions === 3270 && c.directed && c.deadEnds === 148 && c.distance === 4 && !c.truncated,
           `cluster ${JSON.stringify(c).slice(0, 300)}`);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'cluster-amphipod.png') });
    await page.evaluate(() => window.puzzleLab.solve());
    await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, LONG);
    const solved = await lab(page);
    expect(solved.cost === c.cost, `the picture says ${c.cost} energy, the solver ${solved.cost}`);
    return `${c.positions} positions, ${c.deadEnds} dead ends, board ${c.distance} moves / ${c.cost} energy from solved, ` +
      `${c.ms.toFixed(1)} ms in the worker`;
  });

  await check('cluster: two fingers pinch the picture bigger, and the press is no click', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await open(small, base, `puzzle=rushhour&board=${HARDEST}`);
    await small.keyboard.press('g');
    await waitFor(small, () => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions === 2332 &&
      !window.puzzleLab.cluster.working && window.puzzleLab.cluster.targets.length > 0, undefined, LONG);
    await settled(small);
    const before = await lab(small);
    // The first finger on a position (a tap there would jump), then a second.
    const t = before.cluster.targets[0];
    const cdp = await phone.newCDPSession(small);
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    const at = (id, x, y) => ({ x, y, id, radiusX: 1, radiusY: 1, force: 1 });
    await touch('touchStart', [at(0, t.x, t.y)]);
    await touch('touchStart', [at(0, t.x, t.y), at(1, t.x + 40, t.y)]);
    for (let k = 1; k <= 8; k++) await touch('touchMove', [at(0, t.x - 10 * k, t.y), at(1, t.x + 40 + 10 * k, t.y)]);
    await touch('touchEnd', []);
    await waitFor(small, () => window.puzzleLab.cluster.zoom > 2, undefined, SHORT);
    await settled(small);
    const after = await lab(small);
    expect(after.board === before.board && after.moveCount === before.moveCount, 'the pinch moved the board');
    await screenshot(small, { path: path.join(output, 'cluster-pinched-phone.png') });
    await phone.close();
    return `zoom ${before.cluster.zoom} -> ${after.cluster.zoom.toFixed(2)} (fingers 40 -> 200 px apart), board unchanged`;
  });

  await check('cluster: Amphipod past 25,000 positions: a bigger cap shows them all, Cancel stops one', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const done = (n) => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions > 0 &&
      !window.puzzleLab.cluster.working && window.puzzleLab.cluster.cap === n;
    // Advent of Code's example: 95,971 positions, 24,467 of them dead ends
    // (`puzzlelab cluster amphipod BCBD/ADCA --max 100000`).
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent('BCBD/ADCA')}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.ready, undefined, LONG);
    if (!(await lab(page)).cluster.open) await page.keyboard.press('g');
    await waitFor(page, done, 25000, LONG);
    const cut = (await lab(page)).cluster;
    expect(cut.positions === 25000 && cut.truncated, `at the default cap: ${JSON.stringify(cut).slice(0, 200)}`);
    await pickCap(page, 100000);
    await waitFor(page, (n) => window.puzzleLab.cluster.working || window.puzzleLab.cluster.positions === n, 95971, SHORT);
    await waitFor(page, done, 100000, LONG);
    const whole = (await lab(page)).cluster;
    expect(whole.positions === 95971 && !whole.truncated && whole.deadEnds === 24467 && whole.error === '',
           `up to 100,000: ${JSON.stringify(whole).slice(0, 200)}`);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'cluster-amphipod-100000.png') });
    // Four deep: more than 100,000. Up to 400,000 starts; Cancel stops it
    // and the picture before stays, with the cap it was made at.
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent('BCBD/DCBA/DBAC/ADCA')}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b, 'BCBD/DCBA/DBAC/ADCA', LONG);
    await waitFor(page, done, 100000, LONG);
    const deep = (await lab(page)).cluster;
    expect(deep.positions === 100000 && deep.truncated, `four deep: ${JSON.stringify(deep).slice(0, 200)}`);
    await pickCap(page, 400000);
    await waitFor(page, () => window.puzzleLab.cluster.working && !!window.puzzleLab.layout.clusterCancel, undefined, SHORT);
    await clickTarget(page, 'clusterCancel');
    await waitFor(page, () => !window.puzzleLab.cluster.working && window.puzzleLab.cluster.error === 'cancelled', undefined, SHORT);
    const stopped = (await lab(page)).cluster;
    expect(stopped.cap === 100000 && stopped.positions === 100000, `after Cancel: ${JSON.stringify(stopped).slice(0, 200)}`);
    return `BCBD/ADCA: 25000 (cut) -> ${whole.positions} positions in ${whole.ms.toFixed(0)} ms in the worker ` +
      `(${whole.roundTripMs.toFixed(0)} ms to the picture); four deep: 400,000 cancelled, 100,000 kept`;
  });

  await check('cluster: after Cancel, picking a cap runs it again, the same cap too', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const cluster = async () => (await lab(page)).cluster;
    const cancel = async () => {
      await waitFor(page, () => window.puzzleLab.cluster.working && !!window.puzzleLab.layout.clusterCancel, undefined, SHORT);
      await clickTarget(page, 'clusterCancel');
      await waitFor(page, () => !window.puzzleLab.cluster.working && window.puzzleLab.cluster.error === 'cancelled',
                    undefined, SHORT);
    };
    // Four deep, as the check before left it: 100,000 shown, 400,000 cancelled.
    const deep = 'BCBD/DCBA/DBAC/ADCA';
    if ((await lab(page)).startBoard !== deep) {
      await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(deep)}`);
      if (!(await cluster()).open) await page.keyboard.press('g');
    }
    await waitFor(page, () => window.puzzleLab.cluster.open && !window.puzzleLab.cluster.working &&
      window.puzzleLab.cluster.positions === 100000, undefined, LONG);
    // The cap cancelled, picked again: it runs again.
    await pickCap(page, 400000);
    await cancel();
    expect((await cluster()).cap === 100000, `after the second Cancel: ${JSON.stringify(await cluster()).slice(0, 200)}`);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'cluster-bigger-cancelled.png') });
    // Another board, not in the picture: its 100,000 starts by itself and is
    // cancelled; picking the same 100,000 then runs it again.
    const other = 'CBBD/DCBA/DBAC/ADCA';
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(other)}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b, other, LONG);
    await cancel();
    await settled(page);
    await screenshot(page, { path: path.join(output, 'cluster-cancelled.png') });
    await pickCap(page, 100000);
    // The cancelled state stays published until the new run starts: wait
    // for the run itself (working, or already done without the error).
    await waitFor(page, () => window.puzzleLab.cluster.working || window.puzzleLab.cluster.error === '', undefined, SHORT);
    await waitFor(page, () => !window.puzzleLab.cluster.working && window.puzzleLab.cluster.error === '' &&
      window.puzzleLab.cluster.current >= 0, undefined, LONG);
    const again = await cluster();
    expect(again.cap === 100000 && again.positions === 100000 && again.error === '',
           `the same cap again: ${JSON.stringify(again).slice(0, 200)}`);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'cluster-cap-again.png') });
    return `400,000 picked again after its Cancel ran; ${other}: 100,000 cancelled, picked again, ` +
      `${again.positions} positions shown`;
  });
}
