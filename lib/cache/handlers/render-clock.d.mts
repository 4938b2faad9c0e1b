// Types of the plain-JavaScript render clock, for its test and the handler's.
export function renderStartedAt(): number | undefined;
export function dateRenders<T>(responseCache: T, lastChangeAt: () => number): T;
export function installRenderClock(lastChangeAt: () => number): string[];
export function isBackOffice(definition: { pathname?: string; page?: string } | undefined): boolean;
