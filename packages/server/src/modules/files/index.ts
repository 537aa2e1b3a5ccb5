export { fileCleanupHandler, nextFileCleanupAt, scheduleFileCleanup } from './file-cleanup.ts';
export { filesPlugin } from './files-plugin.ts';
export { fileStore } from './repository.ts';
