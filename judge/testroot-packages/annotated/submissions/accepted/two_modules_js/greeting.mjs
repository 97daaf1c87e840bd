export function greeting(name) { return "hello " + name; }
