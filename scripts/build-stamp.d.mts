/** Types for scripts/build-stamp.mjs (plain Node, run by the build before anything is compiled). */
export function startBuildStamp(root: string): Promise<() => Promise<void>>;
export function isBuildCurrent(root: string): Promise<boolean>;
export const BUILD_INPUTS: { folders: string[]; files: string[] };
