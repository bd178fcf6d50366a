// What the keyboard meant on the wizard's pick pages (src/features/feedback/wizard/pickKeys.ts), in the
// order the workbench reports it when a page's rows are replaced: first its own first row, then the
// row we asked for, and for a moment no row at all, when an Enter may arrive with nothing to take.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ECHO_WAIT_MS, ENTER_KEPT_MS, Highlight, KeptEnter } from '../../../src/features/feedback/wizard/pickKeys';

function clock(): { now: () => number; pass(ms: number): void } {
  let at = 1_000_000;
  return { now: () => at, pass: (ms) => void (at += ms) };
}

describe('an Enter pressed while no row is highlighted', () => {
  test('goes to the row the workbench highlights next, if that comes at once', () => {
    const time = clock();
    const enter = new KeptEnter(time.now);
    enter.keep(true);
    time.pass(120);
    assert.equal(enter.take(), true);
  });

  test('is spent by that row: a second highlight is not another Enter', () => {
    const time = clock();
    const enter = new KeptEnter(time.now);
    enter.keep(true);
    assert.equal(enter.take(), true);
    assert.equal(enter.take(), false);
  });

  test('a highlight that comes later (an arrow key a second after) is not that Enter', () => {
    const time = clock();
    const enter = new KeptEnter(time.now);
    enter.keep(true);
    time.pass(ENTER_KEPT_MS);
    assert.equal(enter.take(), false);
    assert.equal(enter.take(), false, 'and it does not wait for a later one either');
  });

  test('typing after it drops it', () => {
    const time = clock();
    const enter = new KeptEnter(time.now);
    enter.keep(true);
    enter.drop();
    time.pass(10);
    assert.equal(enter.take(), false);
  });

  test('on a page with no rows (a filter that matches nothing) it is not kept', () => {
    const time = clock();
    const enter = new KeptEnter(time.now);
    enter.keep(false);
    assert.equal(enter.take(), false);
  });

  test('a new Enter replaces the one kept before, with its own second', () => {
    const time = clock();
    const enter = new KeptEnter(time.now);
    enter.keep(true);
    time.pass(900);
    enter.keep(true);
    time.pass(900);
    assert.equal(enter.take(), true);
  });
});

describe('who moved the highlight', () => {
  test('replacing the rows: the workbench’s first row, then our echo, are not the person’s choice', () => {
    const time = clock();
    const highlight = new Highlight(time.now);
    highlight.set('job-2');
    highlight.moved('job-1');
    highlight.moved('job-2');
    assert.equal(highlight.chosen, undefined);
    assert.equal(highlight.current, 'job-2');
    time.pass(50);
    highlight.moved('job-3');
    assert.equal(highlight.chosen, 'job-3', 'after the echo, a move is the person’s');
  });

  test('an echo that never comes (our row was filtered out) is waited for at most a moment', () => {
    const time = clock();
    const highlight = new Highlight(time.now);
    highlight.set('job-2');
    highlight.moved('job-1');
    assert.equal(highlight.chosen, undefined);
    time.pass(ECHO_WAIT_MS);
    highlight.moved('job-3');
    assert.equal(highlight.chosen, 'job-3');
  });

  test('on a page where we highlighted nothing, the first report is the workbench’s own first row', () => {
    const time = clock();
    const highlight = new Highlight(time.now);
    highlight.moved('job-1');
    assert.equal(highlight.chosen, undefined);
    assert.equal(highlight.current, 'job-1');
    highlight.moved('job-2');
    assert.equal(highlight.chosen, 'job-2');
  });
});
