// Nothing a window learned is lost when it closes: a finished job's snapshot is written within a
// second of the answer, a running one within a few, and closing writes whatever still waits at once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jobFileName } from '../../../src/features/research/model/storage';
import { editor } from '../../support/researchWindows';

const statusOnDisk = (files: Map<string, string>, id: string) => {
  const text = files.get(jobFileName('t', id));
  return text ? (JSON.parse(text) as { snapshot?: { status?: string } }).snapshot?.status : undefined;
};

describe('writes before a window closes', () => {
  test("a finished job's snapshot is on disk within 1 s of the answer that said so", async () => {
    const { clock, service, disk, open } = editor();
    const w = await open('w');
    const id = service.create({ durationMs: 20_000 });
    let finishedAt: number | undefined;
    w.store.onDidFinishJob(() => (finishedAt = clock.now()));
    w.store.track([id]);
    while (finishedAt === undefined) await clock.advance(100);
    const answeredAt = finishedAt;
    assert.notEqual(statusOnDisk(disk.files, id), 'completed', 'not written in the same moment (writes are gathered)');
    while (statusOnDisk(disk.files, id) !== 'completed' && clock.now() - answeredAt <= 5_000) await clock.advance(100);
    assert.equal(statusOnDisk(disk.files, id), 'completed');
    // The disk keeps the fake clock's time of each write.
    const after = disk.mtimes.get(jobFileName('t', id))! - answeredAt;
    assert.ok(after >= 0 && after <= 1_000, `written ${after} ms after the answer`);
    await w.close();
  });

  test("a running job's new snapshot waits at most 5 s; closing writes it at once", async () => {
    const { clock, service, disk, open } = editor();
    const w = await open('w');
    const id = service.create({ durationMs: 600_000, activities: 60 });
    w.store.track([id]);
    await clock.advance(60_000);
    const progress = () => {
      const s = w.store.get(id)?.snapshot;
      return s?.kind === 'deepResearch' ? s.activities.length : -1;
    };
    const onDisk = () => (JSON.parse(disk.files.get(jobFileName('t', id))!) as { snapshot: { activities: unknown[] } }).snapshot.activities.length;
    assert.ok(progress() - onDisk() <= 1, 'the file follows the job within a poll or two');
    // The answer that moves it on has arrived; the window closes before the gathered write is due.
    const before = progress();
    while (progress() === before) await clock.advance(100);
    assert.notEqual(onDisk(), progress());
    await w.store.flush();
    assert.equal(onDisk(), progress(), 'closing (deactivate) writes it without waiting');
    await w.close();
  });
});
