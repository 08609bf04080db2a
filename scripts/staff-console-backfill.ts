/**
 * `npx sst bind --stage <stage> tsx scripts/staff-console-backfill.ts`: makes what the staff
 * console keeps beside the records for a table that had tickets, customers and mail before it
 * did (docs/console.md "What the lists read" and "Mail sent"): the inbox medians' counts,
 * counted afresh from every ticket, then each customer's search words and the address on their
 * tickets, then the account index of the mail records written before it. Safe to run again;
 * run it when staff are not working the inbox, since a ticket changed during the count may be
 * counted wrongly until the next run (the mail is safe to index while it is being sent).
 */

import { refreshAllCustomerCopies } from "@portal/core/staff/customer-copies";
import { indexEarlierMail } from "@portal/core/staff/customer-mail-backfill";
import { recountInboxMedians } from "@portal/core/staff/inbox-medians";

await recountInboxMedians();
console.log("inbox medians counted");
const customers = await refreshAllCustomerCopies();
console.log(`search words and ticket addresses written for ${customers} customers`);
const mail = await indexEarlierMail();
console.log(`${mail} mail records filed under their account`);
