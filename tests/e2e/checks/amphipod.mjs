// Amphipod in the browser: solve the example from the URL and play it back;
// drag an amphipod into the hallway; an illegal drop is refused with a reason.
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open, parkPointer, expectMove, dragTargets, screenshot } from '../lib.mjs';

const SAMPLE = 'BCBD/ADCA';  // the puzzle's example as one line (room lines top to bottom)

export default async function amphipodChecks({ page, base, output, check }) {
  await check('solve the example from the URL: 12521 energy, then play back', async () => {
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(SAMPLE)}&solve=1`);
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
    const state = await lab(page);
    expect(state.status === 'solved', `status ${state.status} ${state.error}`);
    expect(state.cost === 12521, `cost ${state.cost}`);
    expect(state.optimal === true, 'not reported optimal');
    await waitFor(page, () => window.puzzleLab.moveCount > 0, undefined, LONG);
    await page.waitForTimeout(400);  // mid-walk, for the picture
    await screenshot(page, { path: path.join(output, 'amphipod-solved.png') });
    const after = await lab(page);
    return `cost ${state.cost} in ${state.moves.length} moves, ${state.stats.expanded} states; playback at move ${after.moveCount}`;
  }, { firefox: true });

  await check('play by hand: drag an amphipod into the hallway', async () => {
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(SAMPLE)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout['B@C1']);
    const before = await lab(page);
    expect(before.moveCount === 0 && before.legalMoves.includes('C1-h3'), `legal moves ${before.legalMoves}`);
    await dragTargets(page, 'B@C1', 'h3');
    const after = await expectMove(page, 1, 'C1-h3');
    expect(after.board !== before.board, 'board did not change');
    // The piece is drawn on its new cell once its slide there has ended.
    await waitFor(page, () => !!window.puzzleLab.layout['B@h3'], undefined, SHORT);
    await parkPointer(page);
    await screenshot(page, { path: path.join(output, 'amphipod-dragged.png') });
    return `dragged B from C1 to h3: moves ${before.moveCount} -> ${after.moveCount}`;
  }, { firefox: true });

  await check('an illegal drop is refused and the position stays', async () => {
    const before = await lab(page);
    await dragTargets(page, 'B@h3', 'B1');  // room B still holds a C and a D
    await page.waitForTimeout(300);
    const after = await lab(page);
    expect(after.moveCount === before.moveCount && after.board === before.board, 'an illegal move was played');
    return `moves stay at ${after.moveCount}`;
  });
}
