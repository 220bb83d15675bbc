"""The browser client: static pages (plain ES modules in static/, no build step) and
what the server sends them besides the API: page texts, option forms, rules pages."""
