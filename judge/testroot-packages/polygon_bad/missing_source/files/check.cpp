// never built: the package is refused before
