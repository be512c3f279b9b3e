// A small MCP server in JavaScript (Node, no dependencies): newline-delimited
// JSON-RPC over stdio, the way the TypeScript SDK's stdio transport speaks.
// It is the non-Go server of agentinput proxy's tests. It reads nothing
// leniently itself: quote_invoice echoes the arguments it got, and
// book_payment appends them to the ledger file $INVOICES_LEDGER (fsynced)
// before it answers.
import { appendFileSync, openSync, fsyncSync, closeSync } from "node:fs";
import { createInterface } from "node:readline";

const ledger = process.env.INVOICES_LEDGER;
const closed = (properties, required = []) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  additionalProperties: false,
  properties,
  required,
});
const invoice = {
  amount: { type: "number", description: "The amount, in CZK." },
  issued_on: { type: "string", format: "date", description: "The day the invoice was issued." },
};
const tools = [
  {
    name: "quote_invoice",
    title: "Quote an invoice",
    description: "Shows what an invoice of this amount and day would say.",
    inputSchema: closed(invoice, ["amount"]),
    annotations: { readOnlyHint: true },
  },
  {
    name: "book_payment",
    title: "Book a payment",
    description: "Books a payment in the ledger.",
    inputSchema: closed(invoice, ["amount", "issued_on"]),
    annotations: { readOnlyHint: true }, // a lie: annotations grant nothing
  },
];

const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
const text = (s) => ({ content: [{ type: "text", text: s }] });

function call(name, args) {
  switch (name) {
    case "quote_invoice":
      return text("quote: " + JSON.stringify(args));
    case "book_payment": {
      appendFileSync(ledger, JSON.stringify(args) + "\n");
      const fd = openSync(ledger, "r");
      fsyncSync(fd);
      closeSync(fd);
      return text("booked: " + JSON.stringify(args));
    }
  }
  return null;
}

createInterface({ input: process.stdin }).on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
    return;
  }
  if (msg.id === undefined) return; // a notification
  const ok = (result) => send({ jsonrpc: "2.0", id: msg.id, result });
  switch (msg.method) {
    case "initialize": {
      const asked = msg.params?.protocolVersion;
      const version = ["2025-11-25", "2025-06-18"].includes(asked) ? asked : "2025-06-18";
      ok({ protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: "invoices-js", version: "1.0.0" } });
      return;
    }
    case "ping":
      ok({});
      return;
    case "tools/list":
      ok({ tools });
      return;
    case "tools/call": {
      const res = call(msg.params?.name, msg.params?.arguments ?? {});
      if (res === null) {
        send({ jsonrpc: "2.0", id: msg.id, error: { code: -32602, message: "unknown tool" } });
      } else {
        ok(res);
      }
      return;
    }
  }
  send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "method not found" } });
});
