// Child process of atomic-write.test.ts: starts a save and dies (SIGKILL) right
// before the final rename, as a crash or power cut would.
// Usage: crash-save.child.ts <file|folder> <target>
import { History } from '@kodama/core';
import { writeFileAtomic } from '../../src/history/atomic-write.ts';
import { saveFolder } from '../../src/history/folder.ts';
import { NEWER } from './crash-save.fixture.ts';

const [layout, target] = process.argv.slice(2);
const die = () => {
  process.kill(process.pid, 'SIGKILL');
};
if (layout === 'folder') await saveFolder(NEWER, target!, { beforeRename: die });
else await writeFileAtomic(target!, new History(NEWER).serialize(), { beforeRename: die });
console.error('the child should have died before this line');
process.exit(3);
