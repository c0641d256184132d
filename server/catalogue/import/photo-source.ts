/**
 * Where an import's photos come from: a folder, or a ZIP of one (as a prop house's photo library
 * is usually sent). Only plain file names are offered (folders inside are flattened, dot files and
 * names that climb out, `../`, or are absolute are left out and counted), and a ZIP is refused
 * before anything is unpacked when its directory says it would unpack too far (a ZIP bomb); each
 * entry is then unpacked with its declared size enforced (yauzl).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { isZip, zipBombProblem } from './read-sheet';

export interface PhotoSource {
  /** Where the photos are, for the report. */
  readonly description: string;
  /** The photos' plain file names. */
  readonly names: readonly string[];
  /** Entries left out: in no plain place (`../x.jpg`, `/etc/x`) or hidden. */
  readonly skipped: readonly string[];
  read(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** The largest one photo may be (the asset rules' own limit is checked after). */
const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

const plainName = (entry: string) => {
  const normalised = entry.replace(/\\/g, '/');
  if (normalised.startsWith('/') || /^[a-z]:/i.test(normalised) || normalised.split('/').includes('..'))
    return undefined;
  const base = normalised.split('/').at(-1) ?? '';
  if (!base || base.startsWith('.') || normalised.startsWith('__MACOSX/')) return undefined;
  return base;
};

/** The photos in a folder (and its subfolders), by file name. */
async function folderSource(folder: string): Promise<PhotoSource> {
  const files = new Map<string, string>();
  const skipped: string[] = [];
  for (const entry of await readdir(folder, { recursive: true })) {
    const full = path.join(folder, entry);
    const base = plainName(entry);
    if (!base) {
      skipped.push(entry);
      continue;
    }
    if ((await stat(full)).isFile() && !files.has(base.toLowerCase())) files.set(base.toLowerCase(), full);
  }
  return {
    description: folder,
    names: [...files.values()].map((file) => path.basename(file)),
    skipped,
    read: (name) => readFile(files.get(name.toLowerCase()) ?? path.join(folder, '\0missing')),
    close: async () => {},
  };
}

/** The photos in a ZIP's entries, by file name. */
async function zipSource(file: string, bytes: Buffer): Promise<PhotoSource> {
  const bomb = await zipBombProblem(bytes);
  if (bomb) throw new Error(`${file} ${bomb}`);
  // Names are decoded here (not by yauzl, which stops at the first name that climbs out): such entries are skipped, the rest read.
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (error, opened) =>
      error || !opened ? reject(error ?? new Error('not a ZIP')) : resolve(opened),
    ),
  );
  const nameOf = (entry: yauzl.Entry) => (entry.fileName as unknown as Buffer).toString('utf8');
  const entries = new Map<string, yauzl.Entry>();
  const skipped: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const entryName = nameOf(entry);
      if (!entryName.endsWith('/')) {
        const base = plainName(entryName);
        if (!base) skipped.push(entryName);
        else if (!entries.has(base.toLowerCase())) entries.set(base.toLowerCase(), entry);
      }
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const read = (name: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const entry = entries.get(name.toLowerCase());
      if (!entry) return reject(new Error(`no ${name} in ${file}`));
      if (entry.uncompressedSize > MAX_PHOTO_BYTES)
        return reject(new Error(`${name} would unpack to ${(entry.uncompressedSize / 1024 / 1024).toFixed(0)} MB`));
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error ?? new Error(`cannot read ${name}`));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      });
    });
  return {
    description: file,
    names: [...entries.values()].map((entry) => nameOf(entry).split('/').at(-1)!),
    skipped,
    read,
    close: async () => zip.close(),
  };
}

/** The photos at a path: a folder, or a ZIP file. */
export async function openPhotoSource(where: string): Promise<PhotoSource> {
  const info = await stat(where);
  if (info.isDirectory()) return folderSource(where);
  const bytes = await readFile(where);
  if (!isZip(bytes)) throw new Error(`${where} is neither a folder nor a ZIP file`);
  return zipSource(where, bytes);
}

/** The photos in a ZIP's bytes (an upload). */
export const photoSourceOfZip = (name: string, bytes: Buffer) => zipSource(name, bytes);
