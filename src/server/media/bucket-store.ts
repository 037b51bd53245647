/**
 * The file store in an S3-compatible bucket (Cloudflare R2, AWS S3, MinIO, Garage): keys are object keys, so
 * every instance pointed at the bucket reads what any of them wrote, and nothing is written to the disk.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { FileStore } from './file-store';

type BucketEnv = Partial<Pick<Config, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>>;

export type BucketSettings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/**
 * The bucket named by the environment, or null when S3_BUCKET is not set (the folder is used). Throws, naming
 * the variable, when a setting the bucket needs is missing or cannot be right.
 */
export function bucketSettings(env: BucketEnv): BucketSettings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const wrong = (problem: string) => new Error(`Storage: S3_BUCKET is set (${bucket}) but ${problem}`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  const missing = [!accessKeyId && 'S3_ACCESS_KEY_ID', !secretAccessKey && 'S3_SECRET_ACCESS_KEY'].filter(Boolean);
  if (missing.length > 0) throw wrong(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing.`);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw wrong('it is not a bucket name (3–63 lower-case letters, digits, dots and dashes).');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !isHttpUrl(endpoint)) throw wrong(`S3_ENDPOINT="${endpoint}" is not an http(s) address.`);
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() || '0';
  if (pathStyle !== '0' && pathStyle !== '1') throw wrong(`S3_FORCE_PATH_STYLE="${pathStyle}" is neither 1 nor 0.`);
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'auto',
    accessKeyId: accessKeyId!,
    secretAccessKey: secretAccessKey!,
    forcePathStyle: pathStyle === '1',
  };
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The SDK, loaded when a bucket is first opened: a store on a folder never holds its code (about 6 MB of heap). */
const sdk = () => import('@aws-sdk/client-s3');

export async function bucketClient(settings: BucketSettings): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Recent SDKs add a CRC checksum (and aws-chunked bodies for streams) to every upload and check one on every
    // download; several S3-compatible servers (older MinIO and Garage releases, test servers) reject or lack them.
    // Checksums are then sent only where the API requires one; the connection's TLS still guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/** True for the replies meaning "no such object" (GET answers NoSuchKey, HEAD a bare 404). */
async function isMissing(error: unknown): Promise<boolean> {
  const { S3ServiceException } = await sdk();
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export function openBucketStore(settings: BucketSettings, opened: Promise<S3Client> = bucketClient(settings)): FileStore {
  const Bucket = settings.bucket;
  const connected = Promise.all([opened, sdk()]);
  // Not yet awaited by anyone: a failure is answered by the first operation, never as an unhandled rejection.
  connected.catch(() => {});
  const location = `bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  return {
    backend: 'bucket',
    location,
    read: async (key) => {
      const [client, { GetObjectCommand }] = await connected;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (await isMissing(error)) return null;
        throw error;
      }
    },
    write: async (key, body, contentType) => {
      const [client, { PutObjectCommand }] = await connected;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    remove: async (key) => {
      const [client, { DeleteObjectCommand }] = await connected;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    exists: async (key) => {
      const [client, { HeadObjectCommand }] = await connected;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (await isMissing(error)) return false;
        throw error;
      }
    },
    list: async (prefix) => {
      const [client, { ListObjectsV2Command }] = await connected;
      const files = new Map<string, number>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) files.set(object.Key.slice(prefix.length), object.Size ?? 0);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return files;
    },
    check: async () => {
      try {
        const [client, { HeadBucketCommand }] = await connected;
        await client.send(new HeadBucketCommand({ Bucket }));
        return { ok: true, detail: `${location} is reachable` };
      } catch (error) {
        return { ok: false, detail: `${location} cannot be reached: ${await describeFailure(error)}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys.` };
      }
    },
  };
}

async function describeFailure(error: unknown): Promise<string> {
  const { S3ServiceException } = await sdk();
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return 'no such bucket (404)';
    if (status === 403) return 'access denied (403): wrong keys, or keys without rights on this bucket';
    return `${error.name}${status ? ` (${status})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}
