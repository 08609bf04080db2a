/**
 * Answers that are not JSON, as a route's contract (index.ts, `RouteContract.response`) names
 * them. Its own module: a handler imports its area, and an area importing index.ts would bring
 * every other area into the handler's bundle.
 */

/** A success answer sent as text of this content type (a page, a script). */
export interface TextAnswer {
  readonly contentType: string;
}

export const textAnswer = (contentType: string): TextAnswer => ({ contentType });

export const HTML_PAGE = textAnswer("text/html; charset=utf-8");
