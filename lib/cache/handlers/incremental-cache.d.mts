// Types of the plain-JavaScript handler, for its test: the methods the test calls, and the inner store it replaces.
export default class SharedTagsCacheHandler {
  constructor(ctx: unknown);
  inner: unknown;
  get(key: string, ctx: { tags?: string[]; softTags?: string[]; isFallback?: boolean }): Promise<unknown>;
  set(key: string, ...rest: unknown[]): Promise<void>;
}
