/* global require, process */
// Preloaded into `wrangler dev` (NODE_OPTIONS=--require): keeps the development server up when a
// client goes away before the Worker's answer has started. Wrangler's proxy then reports
// "Network connection lost." as an "Error inside ProxyWorker", and `wrangler dev` treats every
// such error as fatal: it exits with a blank "✘ [ERROR]" (README, "A server that stays up").
// That one report is logged and dropped here; every other error still ends the server.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload for NODE_OPTIONS=--require
const { EventEmitter } = require("node:events");

const emit = EventEmitter.prototype.emit;

function isLostClientConnection(event) {
  if (!event || event.source !== "ProxyController" || event.reason !== "Error inside ProxyWorker") return false;
  const cause = event.cause;
  const message = [cause && cause.message, cause && cause.cause && cause.cause.message].filter(Boolean).join(" ");
  return /Network connection lost/.test(message);
}

EventEmitter.prototype.emit = function guardedEmit(name, ...args) {
  if (name === "error" && isLostClientConnection(args[0])) {
    process.stderr.write("[wrangler-guard] a connection to the Worker was lost (the client went away); the server stays up\n");
    return true;
  }
  return emit.call(this, name, ...args);
};
