// The page's followed view (web/follow.js) for cases bench/layout.py models:
// one JSON object per line on stdin (follow()'s argument), one per line on
// stdout ({scale, x, y}, or null: fit the whole table).
//
//   node bench/follow.mjs < cases.jsonl
import readline from "node:readline";
import {follow} from "../web/follow.js";

const out = [];
for await (const line of readline.createInterface({input: process.stdin})) {
  if (line.trim()) out.push(JSON.stringify(follow(JSON.parse(line))));
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
