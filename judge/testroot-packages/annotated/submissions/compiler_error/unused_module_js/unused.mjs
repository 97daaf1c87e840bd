import function greeting(name) { return "hello " + name; }
