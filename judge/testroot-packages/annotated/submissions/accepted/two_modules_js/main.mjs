import { greeting } from "./greeting.mjs";
import { readFileSync } from "fs";
console.log(greeting(readFileSync(0, "utf8").trim()));
