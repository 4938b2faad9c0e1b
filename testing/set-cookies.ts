/** `name=value` pairs of the cookies a response sets (deleted ones left out): what the browser sends next. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='));
