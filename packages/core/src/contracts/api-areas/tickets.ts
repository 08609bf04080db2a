/** Support tickets and their replies. The routes' contracts (contracts/api.ts). */
import {
  createTicketRequestSchema,
  ticketListSchema,
  ticketReplyRequestSchema,
  ticketSchema,
  ticketThreadSchema,
} from "../tickets";
import type { RouteContract } from "./index";
import { idParams } from "./params";

export const contracts = {
  "GET /api/tickets": { response: ticketListSchema },
  "POST /api/tickets": { status: 201, body: createTicketRequestSchema, response: ticketSchema },
  "GET /api/tickets/{id}": { params: idParams, response: ticketThreadSchema },
  "POST /api/tickets/{id}/messages": {
    status: 201,
    params: idParams,
    body: ticketReplyRequestSchema,
    response: ticketThreadSchema,
  },
} as const satisfies Record<string, RouteContract>;
