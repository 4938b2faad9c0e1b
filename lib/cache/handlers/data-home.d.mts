// Types of the plain-JavaScript runtime page cache's home, for the build scripts and its test.
export type CacheFs = {
  existsSync(p: string): boolean;
  readFile(p: string, encoding?: BufferEncoding): Promise<Buffer | string>;
  readFileSync(p: string, encoding?: BufferEncoding): Buffer | string;
  writeFile(p: string, data: unknown): Promise<void>;
  writeFileAtomic?(p: string, data: unknown): Promise<boolean>;
  mkdir(p: string): Promise<unknown>;
  stat(p: string): Promise<{ mtime: Date }>;
};
/** The settings that say which database an instance reads. */
export type DataEnv = { DATA_DIR?: string; DATABASE_URL?: string };
export declare const BUILD_DATA_FILE: string;
export declare function dataIdentity(environment?: DataEnv): string;
export declare function runtimeCacheDir(distDir: string, environment?: DataEnv): string;
export declare function pruneEarlierBuilds(distDir: string, environment?: DataEnv): string[];
export declare function buildMatchesData(distDir: string): boolean;
export declare function overlayFs(fs: CacheFs, where: { distDir: string; runtimeDir: string; useBuild: boolean }): CacheFs;
