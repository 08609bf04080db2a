/**
 * How many rows one page of a console list holds. Read with ElectroDB's `count`, not `limit`:
 * DynamoDB applies a Query's Limit before its filter, so a filtered page read with `limit`
 * can come back short or empty with a cursor (the inbox filtered by priority, the customer
 * search by name); `count` reads on until the page is full or the index ends. Each read
 * keeps `limit: PAGE_SIZE`, so an unfiltered page costs one read of 25 items, not DynamoDB's
 * default 1 MB of which ElectroDB keeps 25.
 */
export const PAGE_SIZE = 25;
