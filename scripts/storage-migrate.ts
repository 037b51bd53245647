/**
 * Copies the storage folder (STORAGE_DIR, default ./storage) into the bucket named by S3_BUCKET, each file's
 * path becoming its key; objects already there with the same size are skipped, so it can be run again.
 *
 *   npm run storage:migrate
 *
 * Prints each copied key and a summary; exits 1 when no bucket is set, it cannot be reached, or there is no folder.
 */
import { STORAGE_DIR, openStorage } from '../src/server/media/storage';
import { copyFolderInto } from '../src/server/media/storage-migration';

async function migrate(): Promise<void> {
  if (!process.env.S3_BUCKET?.trim())
    throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the bucket to copy into.');
  const bucket = await openStorage();
  console.log(`Copying ${STORAGE_DIR} into ${bucket.location}`);
  const { copied, copiedBytes, skipped } = await copyFolderInto(STORAGE_DIR, bucket, console.log);
  console.log(`Copied ${copied} files (${(copiedBytes / 1_048_576).toFixed(1)} MB); ${skipped} already in the bucket with the same size.`);
}

migrate().catch((error: unknown) => {
  console.error(`storage:migrate: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
