// Right on its own; its folder also holds unused.mjs, which it never imports and which does not
// parse: a compile error, as DOMjudge checks every file of a JavaScript folder (its example
// multifile-js-3).
import { readFileSync } from "fs";
console.log("hello " + readFileSync(0, "utf8").trim());
