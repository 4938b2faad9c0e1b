/** The cookies a sign-in adapter asks to write on a response (lib/http/responses.ts writes them). */
export type CookieOptions = {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  maxAge?: number;
  expires?: Date;
  domain?: string;
};

/** A cookie the adapter wants written on the response (a `maxAge` of 0 deletes it). */
export type CookieToSet = { name: string; value: string; options: CookieOptions };
