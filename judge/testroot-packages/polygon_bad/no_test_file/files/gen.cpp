// never built
